/**
 * The body of an invoice or quotation editor: customer and dates, the lines, the live totals from
 * the server's engine, the comment and the free text printed at the foot of the document.
 */
import type { ReactNode } from 'react';
import { Group, SimpleGrid, Stack, Text, Textarea } from '@mantine/core';
import { DateInput } from '@mantine/dates';
import { CustomerPicker } from './CustomerPicker.tsx';
import { Section, errorMessage, toLineInput, useLiveTotals } from '@comptoir/sdk/ui';
import { TotalsPanel } from './TotalsPanel.tsx';
import { COMPUTE } from '../api.ts';
import { filledLines, lineErrorsOf, type DocumentDraft } from './documentDraft.ts';
import { SaleLinesEditor } from '../lines/SaleLinesEditor.tsx';

export function DocumentFields({ draft, onChange, dateLabel, extraDates, customerLocked = false, errors = {} }: {
  draft: DocumentDraft;
  onChange(draft: DocumentDraft): void;
  dateLabel: string;
  /** more date inputs next to the document's date (a quotation's expiry) */
  extraDates?: ReactNode;
  /** a credit note made from an invoice keeps that invoice's customer (the server refuses a change) */
  customerLocked?: boolean;
  /** the server's refusal, field by field (`fieldErrorMap`): shown next to each input */
  errors?: Record<string, string>;
}) {
  const filled = filledLines(draft.lines);
  // with the customer: the lines take its automatic VAT categories (README « VAT categories »)
  const computed = useLiveTotals(COMPUTE, { items: filled.map(toLineInput), fk: { receiverCustomer: draft.customerId } });
  // the API numbers the lines it was sent (the filled ones): `items.1` is the second filled line
  const lineErrors = lineErrorsOf(errors, filled);
  return (
    <Stack gap="lg">
      <Section title="Client et date">
        <Group align="flex-end" gap="md" wrap="wrap">
          <CustomerPicker value={draft.customerId} disabled={customerLocked} onChange={(customerId) => onChange({ ...draft, customerId })} error={errors['fk.receiverCustomer']} />
          <DateInput label={dateLabel} valueFormat="DD/MM/YYYY" value={draft.date} w={160}
            onChange={(d) => d && onChange({ ...draft, date: d })} />
          {extraDates}
        </Group>
      </Section>
      <Section title="Lignes">
        <SaleLinesEditor lines={draft.lines} onChange={(lines) => onChange({ ...draft, lines })} errors={lineErrors} computed={computed.data} />
        <TotalsPanel totals={computed.data} pending={computed.isFetching} />
        {computed.isError && <Text c="red" size="sm" role="alert">Les totaux n’ont pas pu être calculés : {errorMessage(computed.error)}</Text>}
      </Section>
      <Section title="Textes">
        <SimpleGrid cols={{ base: 1, md: 2 }}>
          <Textarea label="Commentaire" autosize minRows={2} value={draft.comment}
            onChange={(e) => onChange({ ...draft, comment: e.currentTarget.value })} />
          <Textarea label="Mentions libres" description="Imprimées en bas du document" placeholder="Vide : les mentions de l’entreprise" autosize minRows={2} value={draft.freeData}
            onChange={(e) => onChange({ ...draft, freeData: e.currentTarget.value })} />
        </SimpleGrid>
      </Section>
    </Stack>
  );
}

