/** One editable line: designation, quantity, unit price excl. or incl. taxes (typing one converts the other), rate, line total. */
import { ActionIcon, NumberInput, Select, Stack, Table, Text, TextInput } from '@mantine/core';
import { formatMoney } from '@comptoir/sdk/react';
import { MoneyInput } from '@comptoir/sdk/ui';
import { lineTotalExcl, vatOptions, withExcl, withIncl, withVat, type LineDraft } from './lineDraft.ts';

export function LineRow({ line, index, onChange, onRemove, errors = {} }: {
  line: LineDraft;
  index: number;
  onChange(line: LineDraft): void;
  onRemove(): void;
  /** the server's messages for this line, by field (`labelPrimary`…) */
  errors?: Record<string, string>;
}) {
  const n = index + 1;
  const total = lineTotalExcl(line);
  return (
    <Table.Tr data-testid="invoicing-line">
      <Table.Td miw={220}>
        <Stack gap={4}>
          <TextInput aria-label={`Désignation (ligne ${n})`} placeholder="Désignation" value={line.labelPrimary} error={errors.labelPrimary}
            onChange={(e) => onChange({ ...line, labelPrimary: e.currentTarget.value })} />
          <TextInput aria-label={`Description (ligne ${n})`} placeholder="Description (facultatif)" size="xs" value={line.labelSecondary} error={errors.labelSecondary}
            onChange={(e) => onChange({ ...line, labelSecondary: e.currentTarget.value })} />
        </Stack>
      </Table.Td>
      <Table.Td w={90}>
        <NumberInput aria-label={`Quantité (ligne ${n})`} decimalSeparator="," decimalScale={4} hideControls value={line.quantity} error={errors.quantity}
          onChange={(v) => onChange({ ...line, quantity: v })} />
      </Table.Td>
      <Table.Td w={130}>
        <MoneyInput aria-label={`Prix unitaire HT (ligne ${n})`} value={line.exclTaxesPrice} error={errors.exclTaxesPrice}
          onChange={(v) => onChange(withExcl(line, v))} />
      </Table.Td>
      <Table.Td w={110}>
        <Select aria-label={`TVA (ligne ${n})`} data={vatOptions(line.vat)} value={line.vat} allowDeselect={false} error={errors.vat}
          onChange={(v) => v && onChange(withVat(line, v))} />
      </Table.Td>
      <Table.Td w={130}>
        <MoneyInput aria-label={`Prix unitaire TTC (ligne ${n})`} value={line.inclTaxesPrice} error={errors.inclTaxesPrice}
          onChange={(v) => onChange(withIncl(line, v))} />
      </Table.Td>
      <Table.Td ta="right" w={110}>
        <Text size="sm" data-testid="invoicing-line-total">{total === null ? '—' : formatMoney(total)}</Text>
      </Table.Td>
      <Table.Td w={40}>
        <ActionIcon variant="subtle" color="red" aria-label={`Supprimer la ligne ${n}`} onClick={onRemove}>✕</ActionIcon>
      </Table.Td>
    </Table.Tr>
  );
}
