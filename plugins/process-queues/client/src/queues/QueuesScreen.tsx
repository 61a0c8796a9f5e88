/** The list of the company's queues (the editor opens one). */
import { Table, Text } from '@mantine/core';
import { PageHeader } from '@comptoir/sdk/ui';
import { useList } from '@comptoir/sdk/react';
import { QUEUES, type ProcessQueue } from '../api.ts';

export function QueuesScreen() {
  const list = useList<ProcessQueue>(QUEUES, { pagination: { quantity: 100, page: 1 }, sort: { field: 'name', ascending: true } });
  return (
    <>
      <PageHeader title="Files de traitement" />
      {list.data?.data.length === 0 && <Text c="dimmed">Aucune file pour l’instant.</Text>}
      <Table>
        <Table.Tbody>
          {list.data?.data.map((q) => (
            <Table.Tr key={q._id}>
              <Table.Td>{q.name}</Table.Td>
              <Table.Td>{q.typeIdentifier}</Table.Td>
              <Table.Td>{q.activated ? 'Active' : 'Désactivée'}</Table.Td>
              <Table.Td>{q.plugins.length} nœud(s)</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </>
  );
}
