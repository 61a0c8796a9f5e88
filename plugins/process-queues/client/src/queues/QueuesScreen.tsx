/** The company's queues, and a new one: a name and a kind of queue (from the installed node types). */
import { useState, type FormEvent } from 'react';
import { Link, useNavigate } from 'react-router';
import { Alert, Anchor, Badge, Button, Group, Paper, Select, Table, Text, TextInput } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useComptoir, useInvalidate, useList } from '@comptoir/sdk/react';
import { PageHeader, QueryFailed } from '@comptoir/sdk/ui';
import { MANAGE, NODE_TYPES, QUEUES, errorText, kindLabel, type NodeTypeInfo, type ProcessQueue } from '../api.ts';


export function QueuesScreen() {
  const { api, can, basePath, company } = useComptoir();
  const navigate = useNavigate();
  const invalidate = useInvalidate();
  const list = useList<ProcessQueue>(QUEUES, { pagination: { quantity: 100, page: 1 }, sort: { field: 'name', ascending: true } });
  const types = useQuery({
    queryKey: ['process-queues', 'node-types', company?._id],
    queryFn: () => api.get<{ data: NodeTypeInfo[]; queueTypes: string[] }>(NODE_TYPES),
    staleTime: 60_000,
  });
  const [name, setName] = useState('');
  const [kind, setKind] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const kinds = types.data?.queueTypes ?? [];
  // the general kind first when offered: call routing and other kinds are asked for by name
  const chosenKind = kind ?? (kinds.includes('general') ? 'general' : kinds[0]) ?? null;
  const root = basePath ?? '/files-de-traitement';

  async function create(e: FormEvent) {
    e.preventDefault();
    setError(null);
    try {
      const created = await api.post<ProcessQueue>(QUEUES, { name, typeIdentifier: chosenKind });
      await invalidate(QUEUES);
      navigate(`${root}/${created._id}`);
    } catch (err) {
      setError(errorText(err));
    }
  }

  if (list.error) return <QueryFailed error={list.error} />;
  return (
    <>
      <PageHeader title="Files de traitement" description="Des graphes de nœuds qu’une exécution parcourt : routage des appels, demandes à valider…" />
      {can(MANAGE) && (
        <Paper withBorder p="sm" mb="md" component="form" onSubmit={create}>
          <Group align="end">
            <TextInput label="Nouvelle file" placeholder="Accueil téléphonique" value={name} onChange={(e) => setName(e.currentTarget.value)} required data-testid="pq-new-name" />
            <Select label="Type de file" data={kinds.map((k) => ({ value: k, label: kindLabel(k) }))} value={chosenKind} onChange={setKind} allowDeselect={false} data-testid="pq-new-kind" />
            <Button type="submit" disabled={!name.trim() || !chosenKind}>Créer</Button>
          </Group>
          {error && <Alert color="red" mt="sm">{error}</Alert>}
        </Paper>
      )}
      {list.data?.data.length === 0 && <Text c="dimmed">Aucune file pour l’instant.</Text>}
      {!!list.data?.data.length && (
        <Table striped highlightOnHover>
          <Table.Thead>
            <Table.Tr><Table.Th>Nom</Table.Th><Table.Th>Type</Table.Th><Table.Th>État</Table.Th><Table.Th>Nœuds</Table.Th></Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {list.data.data.map((q) => (
              <Table.Tr key={q._id}>
                <Table.Td><Anchor component={Link} to={`${root}/${q._id}`}>{q.name}</Anchor></Table.Td>
                <Table.Td>{kindLabel(q.typeIdentifier)}</Table.Td>
                <Table.Td>{q.activated ? <Badge color="green" variant="light">Active</Badge> : <Badge color="gray" variant="light">Désactivée</Badge>}</Table.Td>
                <Table.Td>{q.plugins.length}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
    </>
  );
}
