/** The VAT details of a commercial document: one row per rate (base, tax, total incl. taxes). */
import { Table, Text } from '@mantine/core';
import { formatMoney, formatNumber } from '@comptoir/sdk/react';

export interface VatDetailRow { vat: number; totalExclTaxes: number; totalInclTaxes: number; amount: number }

export function VatDetailsTable({ details, testId = 'vat-details' }: { details: VatDetailRow[]; testId?: string }) {
  if (details.length === 0) return <Text size="sm" c="dimmed">Aucune TVA.</Text>;
  return (
    <Table withTableBorder verticalSpacing={4} aria-label="Détail de la TVA" data-testid={testId}>
      <Table.Thead>
        <Table.Tr>
          <Table.Th>Taux</Table.Th>
          <Table.Th ta="right">Base HT</Table.Th>
          <Table.Th ta="right">TVA</Table.Th>
          <Table.Th ta="right">Total TTC</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {details.map((d) => (
          <Table.Tr key={d.vat}>
            <Table.Td>{formatNumber(d.vat)} %</Table.Td>
            <Table.Td ta="right">{formatMoney(d.totalExclTaxes)}</Table.Td>
            <Table.Td ta="right">{formatMoney(d.amount)}</Table.Td>
            <Table.Td ta="right">{formatMoney(d.totalInclTaxes)}</Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}
