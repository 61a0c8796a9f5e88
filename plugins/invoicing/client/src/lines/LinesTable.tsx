/** The lines of a stored document, read-only; lines already credited are marked. */
import { Badge, Table, Text } from '@mantine/core';
import { formatMoney, formatNumber } from '@comptoir/sdk/react';
import { lineTotalExcl } from './lineDraft.ts';
import type { LineItem } from '../types.ts';

export function LinesTable({ items, credited = new Set<string>() }: { items: LineItem[]; credited?: ReadonlySet<string> }) {
  return (
    <Table.ScrollContainer minWidth={700}>
      <Table verticalSpacing="xs" striped aria-label="Lignes du document">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Désignation</Table.Th>
            <Table.Th ta="right">Quantité</Table.Th>
            <Table.Th ta="right">P.U. HT</Table.Th>
            <Table.Th ta="right">TVA</Table.Th>
            <Table.Th ta="right">P.U. TTC</Table.Th>
            <Table.Th ta="right">Total HT</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {items.map((item) => (
            <Table.Tr key={item.uuid}>
              <Table.Td>
                <Text size="sm" fw={500}>
                  {item.labelPrimary || '—'}
                  {credited.has(item.uuid) && <Badge ml="xs" size="xs" color="grape" variant="light">Déjà crédité</Badge>}
                </Text>
                {item.labelSecondary && <Text size="xs" c="dimmed">{item.labelSecondary}</Text>}
              </Table.Td>
              <Table.Td ta="right">{formatNumber(item.quantity, 4)}</Table.Td>
              <Table.Td ta="right">{formatMoney(item.exclTaxesPrice)}</Table.Td>
              <Table.Td ta="right">{formatNumber(item.vat)} %</Table.Td>
              <Table.Td ta="right">{formatMoney(item.inclTaxesPrice)}</Table.Td>
              <Table.Td ta="right">{formatMoney(lineTotalExcl(item))}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
