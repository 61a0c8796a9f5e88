/**
 * The operations: filters (account, text, not classified), the list with inline categorisation,
 * and « Créer une règle » from an operation (the rule editor, prefilled).
 */
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { Alert, Button, Group, Loader, Select, Stack, Switch, Table, Text, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { formatDate, formatMoney, useComptoir, useInvalidate, useList } from '@comptoir/sdk/react';
import { notifyFailed } from '@comptoir/sdk/ui';
import { ACCOUNTS, CATEGORIES, MANAGE, OPERATIONS, TRANSACTION_MODE_LABELS, type Operation, type OperationAccount, type OperationCategory } from '../api.ts';
import { categoryChoices, choiceOf, pairOf } from '../common/categoryOptions.ts';
import { AccountsBar } from './AccountsBar.tsx';

export function OperationsScreen() {
  const { api, can, basePath } = useComptoir();
  const navigate = useNavigate();
  const invalidate = useInvalidate();
  const [account, setAccount] = useState<string | null>(null);
  const [text, setText] = useState('');
  const [search] = useDebouncedValue(text, 300);
  const [unclassified, setUnclassified] = useState(false);
  const accounts = useList<OperationAccount>(ACCOUNTS, { pagination: { quantity: 100 } });
  const categories = useList<OperationCategory>(CATEGORIES, { pagination: { quantity: 500 } });
  const filters: Record<string, object> = {};
  if (account) filters['fk.account'] = { mode: 'eq', value: account };
  if (search) filters.label = { mode: 'contains', value: search };
  if (unclassified) filters['fk.category'] = { mode: 'exists', value: false };
  const operations = useList<Operation>(OPERATIONS, { filters, sort: { field: 'dateOperation', ascending: false }, pagination: { quantity: 100 } });
  const choices = categoryChoices(categories.data?.data ?? []);
  const accountList = accounts.data?.data ?? [];

  async function classify(op: Operation, choice: string | null) {
    try {
      await api.put(`${OPERATIONS}/${op._id}`, { fk: pairOf(choice) });
      await invalidate(OPERATIONS);
    } catch (e) {
      notifyFailed(e);
    }
  }

  const rows = operations.data?.data ?? [];
  return (
    <Stack data-testid="banking-operations">
      <AccountsBar accounts={accountList} />
      <Group align="end">
        <Select label="Compte" placeholder="Tous les comptes" clearable data={accountList.map((a) => ({ value: a._id, label: a.name }))} value={account} onChange={setAccount} />
        <TextInput label="Libellé" placeholder="Rechercher" value={text} onChange={(e) => setText(e.currentTarget.value)} />
        <Switch label="Non classées seulement" checked={unclassified} onChange={(e) => setUnclassified(e.currentTarget.checked)} />
      </Group>
      {operations.isError && <Alert color="red" title="Chargement impossible">{(operations.error as Error).message}</Alert>}
      {operations.isPending ? <Loader /> : (
        <Table striped highlightOnHover>
          <Table.Thead>
            <Table.Tr><Table.Th>Date</Table.Th><Table.Th>Libellé</Table.Th><Table.Th>Mode</Table.Th><Table.Th ta="right">Montant</Table.Th><Table.Th>Catégorie</Table.Th><Table.Th /></Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.map((op) => (
              <Table.Tr key={op._id} data-testid="banking-operation">
                <Table.Td>{formatDate(op.dateOperation)}</Table.Td>
                <Table.Td>
                  <Text size="sm" data-testid="banking-operation-label">{op.label}</Text>
                  {op.originalLabel && op.originalLabel !== op.label && <Text size="xs" c="dimmed">{op.originalLabel}</Text>}
                  {op.fk.parent && <Text size="xs" c="dimmed">sous-opération</Text>}
                </Table.Td>
                <Table.Td>{TRANSACTION_MODE_LABELS[op.transactionMode] ?? op.transactionMode}</Table.Td>
                <Table.Td ta="right" c={op.amount < 0 ? 'red' : 'green'}>{formatMoney(op.amount)}</Table.Td>
                <Table.Td miw={220}>
                  <Select aria-label="Catégorie" placeholder="Non classée" clearable searchable size="xs" data={choices}
                    value={choiceOf(op.fk)} disabled={!can(MANAGE) || op.subOperationsCount > 0} onChange={(v) => classify(op, v)} />
                </Table.Td>
                <Table.Td>
                  {can(MANAGE) && !op.fk.parent && <Button size="xs" variant="subtle" onClick={() => navigate(`${basePath}/regles?operation=${op._id}`)}>Créer une règle</Button>}
                </Table.Td>
              </Table.Tr>
            ))}
            {rows.length === 0 && <Table.Tr><Table.Td colSpan={6}><Text c="dimmed">Aucune opération.</Text></Table.Td></Table.Tr>}
          </Table.Tbody>
        </Table>
      )}
      {operations.data && <Text size="sm" c="dimmed">{operations.data.count} opération(s)</Text>}
    </Stack>
  );
}
