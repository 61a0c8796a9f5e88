/** Under a paginated list: « 1–20 sur 57 factures » (« Aucune facture ») and the page buttons. */
import { Group, Pagination, Text } from '@mantine/core';
import { rangeOf, type Noun } from './nouns.ts';

export function ListFooter({ page, quantity, count, onPage, noun }: {
  page: number;
  quantity: number;
  count: number;
  onPage(page: number): void;
  /** the thing counted, with its gender: `['facture', 'factures', 'f']` */
  noun: Noun;
}) {
  const pages = Math.max(1, Math.ceil(count / quantity));
  return (
    <Group justify="space-between" mt="md" wrap="wrap">
      <Text size="sm" c="dimmed">{rangeOf(Math.min(page, pages), quantity, count, noun)}</Text>
      {pages > 1 && (
        <Pagination total={pages} value={Math.min(page, pages)} onChange={onPage} size="sm"
          getControlProps={(control) => ({ 'aria-label': control === 'previous' ? 'Page précédente' : control === 'next' ? 'Page suivante' : control === 'first' ? 'Première page' : 'Dernière page' })}
          getItemProps={(p) => ({ 'aria-label': `Page ${p}` })}
        />
      )}
    </Group>
  );
}
