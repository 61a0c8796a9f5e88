/** The list of the company's surveys with their real and test answer counts, and a new one by its name. */
import { useState, type FormEvent } from 'react';
import { Link, useNavigate } from 'react-router';
import { Alert, Anchor, Badge, Button, Group, Loader, Stack, Table, Text, TextInput } from '@mantine/core';
import { formatDate, useComptoir, useList } from '@comptoir/sdk/react';
import { ListFooter, PageHeader, useListState } from '@comptoir/sdk/ui';
import { MANAGE, SURVEYS, errorText, type Survey } from '../api.ts';

export function SurveysScreen() {
  const { api, can } = useComptoir();
  const navigate = useNavigate();
  const list = useListState({ field: 'name', ascending: true }, 20, 'name');
  const surveys = useList<Survey>(SURVEYS, list.options);
  const [name, setName] = useState('');
  const [error, setError] = useState<string | null>(null);
  const rows = surveys.data?.data ?? [];

  async function create(event: FormEvent) {
    event.preventDefault();
    setError(null);
    try {
      const created = await api.post<Survey>(SURVEYS, { name });
      navigate(created._id);
    } catch (e) {
      setError(errorText(e));
    }
  }

  return (
    <Stack data-testid="surveys-list">
      <PageHeader title="Questionnaires" />
      {can(MANAGE) && (
        <form onSubmit={create}>
          <Group align="end">
            <TextInput label="Nouveau questionnaire" placeholder="Satisfaction client" required value={name} onChange={(e) => setName(e.currentTarget.value)} />
            <Button type="submit">Créer</Button>
          </Group>
          {error && <Alert color="red" mt="xs">{error}</Alert>}
        </form>
      )}
      <TextInput label="Rechercher" placeholder="Nom du questionnaire" value={list.search} onChange={(e) => list.setSearch(e.currentTarget.value)} />
      {surveys.isError && <Alert color="red" title="Chargement impossible">{errorText(surveys.error)}</Alert>}
      {surveys.isPending ? <Loader /> : (
        <Table striped highlightOnHover>
          <Table.Thead>
            <Table.Tr><Table.Th>Nom</Table.Th><Table.Th>Réponses</Table.Th><Table.Th>Réponses de test</Table.Th><Table.Th>Créé le</Table.Th><Table.Th>État</Table.Th></Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.map((s) => (
              <Table.Tr key={s._id}>
                <Table.Td><Anchor component={Link} to={s._id}>{s.name}</Anchor></Table.Td>
                <Table.Td><Anchor component={Link} to={`${s._id}/statistiques`}>{s.realResultsCount}</Anchor></Table.Td>
                <Table.Td>{s.testResultsCount}</Table.Td>
                <Table.Td>{formatDate(s.metadata.creationDate)}</Table.Td>
                <Table.Td>{s.open ? <Badge>Ouvert</Badge> : <Badge color="gray">Fermé</Badge>}</Table.Td>
              </Table.Tr>
            ))}
            {rows.length === 0 && <Table.Tr><Table.Td colSpan={5}><Text c="dimmed">Aucun questionnaire pour l’instant.</Text></Table.Td></Table.Tr>}
          </Table.Tbody>
        </Table>
      )}
      {surveys.data && surveys.data.count > list.quantity && (
        <ListFooter page={list.page} quantity={list.quantity} count={surveys.data.count} onPage={list.setPage} noun={['questionnaire', 'questionnaires']} />
      )}
    </Stack>
  );
}
