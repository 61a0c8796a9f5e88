/** The accounts with their balances, at the top of the operations. */
import { Card, Group, SimpleGrid, Text } from '@mantine/core';
import { formatDate, formatMoney } from '@comptoir/sdk/react';
import type { OperationAccount } from '../api.ts';

export function AccountsBar({ accounts }: { accounts: OperationAccount[] }) {
  if (accounts.length === 0) return <Text c="dimmed">Aucun compte pour l’instant : importez un relevé pour en créer un.</Text>;
  return (
    <SimpleGrid cols={{ base: 1, sm: 3 }} data-testid="banking-accounts">
      {accounts.map((a) => (
        <Card key={a._id} withBorder padding="sm">
          <Text fw={600}>{a.name}</Text>
          <Text size="xs" c="dimmed">{[a.bank, a.number].filter(Boolean).join(' · ')}</Text>
          <Group justify="space-between" mt="xs">
            <Text size="xl" fw={700} c={a.balance < 0 ? 'red' : undefined} data-testid="banking-balance">{formatMoney(a.balance)}</Text>
            {a.balanceDate && <Text size="xs" c="dimmed">relevé du {formatDate(a.balanceDate)}</Text>}
          </Group>
        </Card>
      ))}
    </SimpleGrid>
  );
}
