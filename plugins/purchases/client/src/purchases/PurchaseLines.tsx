/** The lines of a purchase being typed: designation, quantity, unit price excl. taxes, rate, line total. */
import { ActionIcon, Button, NumberInput, Select, Table, Text, TextInput } from '@mantine/core';
import { formatMoney } from '@comptoir/sdk/react';
import { MoneyInput } from '@comptoir/sdk/ui';
import { emptyLine, lineTotal, vatOptions, type LineDraft } from './purchaseDraft.ts';

function LineRow({ line, n, onChange, onRemove }: { line: LineDraft; n: number; onChange(l: LineDraft): void; onRemove(): void }) {
  const total = lineTotal(line);
  return (
    <Table.Tr data-testid="purchases-line">
      <Table.Td miw={240}>
        <TextInput aria-label={`Désignation (ligne ${n})`} placeholder="Désignation" value={line.labelPrimary}
          onChange={(e) => onChange({ ...line, labelPrimary: e.currentTarget.value })} />
      </Table.Td>
      <Table.Td w={100}>
        <NumberInput aria-label={`Quantité (ligne ${n})`} decimalSeparator="," decimalScale={4} hideControls value={line.quantity}
          onChange={(v) => onChange({ ...line, quantity: v })} />
      </Table.Td>
      <Table.Td w={140}>
        <MoneyInput decimals={4} aria-label={`Prix unitaire HT (ligne ${n})`} value={line.exclTaxesPrice}
          onChange={(v) => onChange({ ...line, exclTaxesPrice: v })} />
      </Table.Td>
      <Table.Td w={110}>
        <Select aria-label={`TVA (ligne ${n})`} data={vatOptions(line.vat)} value={line.vat} allowDeselect={false}
          onChange={(v) => v && onChange({ ...line, vat: v })} />
      </Table.Td>
      <Table.Td ta="right" w={120}><Text size="sm">{total === null ? '—' : formatMoney(total)}</Text></Table.Td>
      <Table.Td w={40}>
        <ActionIcon variant="subtle" color="red" aria-label={`Supprimer la ligne ${n}`} onClick={onRemove}>✕</ActionIcon>
      </Table.Td>
    </Table.Tr>
  );
}

export function PurchaseLines({ lines, onChange }: { lines: LineDraft[]; onChange(lines: LineDraft[]): void }) {
  return (
    <div>
      <Table.ScrollContainer minWidth={760}>
        <Table verticalSpacing="xs" aria-label="Lignes de l’achat">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Désignation</Table.Th>
              <Table.Th>Quantité</Table.Th>
              <Table.Th>P.U. HT</Table.Th>
              <Table.Th>TVA</Table.Th>
              <Table.Th ta="right">Total HT</Table.Th>
              <Table.Th />
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {lines.map((line, i) => (
              <LineRow key={line.uuid} line={line} n={i + 1}
                onChange={(l) => onChange(lines.map((x, j) => (j === i ? l : x)))} onRemove={() => onChange(lines.filter((_, j) => j !== i))} />
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      <Button mt="sm" variant="light" onClick={() => onChange([...lines, emptyLine()])}>Ajouter une ligne</Button>
    </div>
  );
}
