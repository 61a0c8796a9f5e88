/**
 * The status chips of a commercial document, in a row: « Avoir » for a credit note, the status in
 * the plugin's words and colours (`styles`), then the plugin's flags (« Expiré »). Lists use the
 * default size, a document's own screen `size="lg"`.
 */
import { Badge, Group } from '@mantine/core';
import { statusChips, type StatusStyle } from './statusBadges.ts';

export interface StatusBadgesProps<S extends string> {
  status: S;
  /** every status's label and colour: the plugin's map */
  styles: Record<S, StatusStyle>;
  creditNote?: boolean;
  /** outlined chips after the status; a falsy entry is left out */
  flags?: (StatusStyle | false | null | undefined)[];
  size?: 'xs' | 'sm' | 'md' | 'lg';
  /** `data-testid` of the status chip (the browser tests read it) */
  testId?: string;
}

export function StatusBadges<S extends string>({ status, styles, creditNote, flags, size = 'sm', testId }: StatusBadgesProps<S>) {
  return (
    <Group gap={4} wrap="nowrap">
      {statusChips(status, styles, { creditNote, flags }).map((chip) => (
        <Badge key={chip.key} size={size} color={chip.color} variant={chip.variant} data-testid={chip.status ? testId : undefined}>{chip.label}</Badge>
      ))}
    </Group>
  );
}
