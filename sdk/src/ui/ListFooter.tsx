/** Under a paginated list: « 1–20 sur 57 » and the page buttons. */
import { Group, Pagination, Text } from '@mantine/core';
import { formatNumber } from '@comptoir/sdk/react';

export function ListFooter({ page, quantity, count, onPage, noun }: { page: number; quantity: number; count: number; onPage(page: number): void; noun: [string, string] }) {
  const pages = Math.max(1, Math.ceil(count / quantity));
  const first = count === 0 ? 0 : (page - 1) * quantity + 1;
  const last = Math.min(count, page * quantity);
  return (
    <Group justify="space-between" mt="md" wrap="wrap">
      <Text size="sm" c="dimmed">
        {count === 0 ? `Aucun ${noun[0]}` : `${formatNumber(first)}–${formatNumber(last)} sur ${formatNumber(count)} ${count > 1 ? noun[1] : noun[0]}`}
      </Text>
      {pages > 1 && (
        <Pagination total={pages} value={Math.min(page, pages)} onChange={onPage} size="sm"
          getControlProps={(control) => ({ 'aria-label': control === 'previous' ? 'Page précédente' : control === 'next' ? 'Page suivante' : control === 'first' ? 'Première page' : 'Dernière page' })}
          getItemProps={(p) => ({ 'aria-label': `Page ${p}` })}
        />
      )}
    </Group>
  );
}
