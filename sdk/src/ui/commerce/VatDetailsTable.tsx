/**
 * The VAT details of a commercial document: one row per VAT category and rate (base, tax, total
 * incl. taxes). When a category other than S is there (commerce README « VAT categories »), each row
 * names its category, and the legal wording of each category without French VAT is written under
 * the table (« AE – Autoliquidation : … »), as the PDF prints it.
 */
import { Stack, Table, Text } from '@mantine/core';
import { formatMoney, formatNumber } from '@comptoir/sdk/react';
import { vatCategoryLabel, vatWordings, type VatDetailRow } from './vatCategoryOptions.ts';

export { vatWordings, type VatDetailRow } from './vatCategoryOptions.ts';

export function VatDetailsTable({ details, testId = 'vat-details' }: { details: VatDetailRow[]; testId?: string }) {
  if (details.length === 0) return <Text size="sm" c="dimmed">Aucune TVA.</Text>;
  const categorized = details.some((d) => d.vatCategory && d.vatCategory !== 'S');
  const wordings = vatWordings(details);
  return (
    <Stack gap={6}>
      <Table withTableBorder verticalSpacing={4} aria-label="Détail de la TVA" data-testid={testId}>
        <Table.Thead>
          <Table.Tr>
            {categorized && <Table.Th>Catégorie</Table.Th>}
            <Table.Th>Taux</Table.Th>
            <Table.Th ta="right">Base HT</Table.Th>
            <Table.Th ta="right">TVA</Table.Th>
            <Table.Th ta="right">Total TTC</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {details.map((d) => (
            <Table.Tr key={`${d.vatCategory ?? ''} ${d.vat}`}>
              {categorized && <Table.Td><Text size="sm" title={d.vatCategory ? vatCategoryLabel(d.vatCategory) : undefined}>{d.vatCategory ?? ''}</Text></Table.Td>}
              <Table.Td>{d.vatCategory === 'O' ? '—' : `${formatNumber(d.vat)} %`}</Table.Td>
              <Table.Td ta="right">{formatMoney(d.totalExclTaxes)}</Table.Td>
              <Table.Td ta="right">{formatMoney(d.amount)}</Table.Td>
              <Table.Td ta="right">{formatMoney(d.totalInclTaxes)}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
      {wordings.map((w) => <Text key={w} size="xs" data-testid={`${testId}-wording`}>{w}</Text>)}
    </Stack>
  );
}
