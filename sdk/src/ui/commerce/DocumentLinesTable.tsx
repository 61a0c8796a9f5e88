/** The lines of a stored commercial document, read-only; a badge can mark some of them (« Déjà crédité »). */
import { Badge, Table, Text } from '@mantine/core';
import { money, toDecimal } from '@comptoir/sdk/commerce';
import { formatMoney, formatNumber } from '@comptoir/sdk/react';

export interface DocumentLine {
  uuid: string; labelPrimary: string; labelSecondary?: string; quantity: number; vat: number; exclTaxesPrice: number; inclTaxesPrice: number;
  /** its VAT category, when it has one (commerce README « VAT categories »): named beside the rate unless S */
  vatCategory?: string;
}

/** « 20 % », « 0 % K », « O » (outside the scope of VAT has no rate). */
function vatText(item: DocumentLine): string {
  if (item.vatCategory === 'O') return 'O';
  const rate = `${formatNumber(item.vat)} %`;
  return item.vatCategory && item.vatCategory !== 'S' ? `${rate} ${item.vatCategory}` : rate;
}

/** quantity × unit price excl. taxes, to the cent: the line's « Total HT » */
const totalExcl = (l: DocumentLine) => money(toDecimal(l.quantity)!.times(l.exclTaxesPrice));

export function DocumentLinesTable({ items, marked = new Set<string>(), markLabel = '' }: { items: DocumentLine[]; marked?: ReadonlySet<string>; markLabel?: string }) {
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
                  {marked.has(item.uuid) && <Badge ml="xs" size="xs" color="grape" variant="light">{markLabel}</Badge>}
                </Text>
                {item.labelSecondary && <Text size="xs" c="dimmed" style={{ whiteSpace: 'pre-line' }}>{item.labelSecondary}</Text>}
              </Table.Td>
              <Table.Td ta="right">{formatNumber(item.quantity, 4)}</Table.Td>
              <Table.Td ta="right">{formatMoney(item.exclTaxesPrice)}</Table.Td>
              <Table.Td ta="right">{vatText(item)}</Table.Td>
              <Table.Td ta="right">{formatMoney(item.inclTaxesPrice)}</Table.Td>
              <Table.Td ta="right">{formatMoney(totalExcl(item))}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
