/** The greeting screen: who to greet in the active company, « Dire bonjour », and a form to add someone. */
import { useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { Alert, Anchor, Button, Group, Loader, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import { formatDate, formatDateTime, formatNumber, useComptoir, useInvalidate, useList } from '@comptoir/sdk/react';
import { MANAGE, PEOPLE, errorText, type Person } from './people.ts';
import { useGreet } from './useGreet.ts';

export function GreetingScreen() {
  const { company, can } = useComptoir();
  const people = useList<Person>(PEOPLE, {
    sort: { field: 'name', ascending: true },
    aggregations: [{ name: 'greetings', field: 'greetings', sum: true }],
  });
  const { greet, pending, error } = useGreet();
  const rows = people.data?.data ?? [];
  return (
    <Stack data-testid="hello-screen">
      <Title order={2}>Bonjour</Title>
      <Text>
        {company?.name} — {formatDate(new Date(), { dateStyle: 'full' })}.
        {' '}{formatNumber(people.data?.aggregation.greetings?.sum ?? 0)} bonjour(s) dit(s) jusqu’ici.
      </Text>
      {(error || people.isError) && <Alert color="red" title="Oups">{error ?? errorText(people.error)}</Alert>}
      {people.isPending ? <Loader /> : (
        <Table striped>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Personne</Table.Th>
              <Table.Th>Bonjours</Table.Th>
              <Table.Th>Dernier bonjour</Table.Th>
              <Table.Th />
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.map((p) => (
              <Table.Tr key={p._id} data-testid="hello-person">
                <Table.Td><Anchor component={Link} to={p._id}>{p.name}</Anchor></Table.Td>
                <Table.Td>{formatNumber(p.greetings)}</Table.Td>
                <Table.Td>{p.lastGreetedAt ? formatDateTime(p.lastGreetedAt) : 'jamais'}</Table.Td>
                <Table.Td>
                  {can(MANAGE) && (
                    <Button size="xs" loading={pending === p._id} onClick={() => greet(p._id)} aria-label={`Dire bonjour à ${p.name}`}>
                      Dire bonjour
                    </Button>
                  )}
                </Table.Td>
              </Table.Tr>
            ))}
            {rows.length === 0 && (
              <Table.Tr><Table.Td colSpan={4}><Text c="dimmed">Personne à saluer pour l’instant : ajoutez quelqu’un ci-dessous.</Text></Table.Td></Table.Tr>
            )}
          </Table.Tbody>
        </Table>
      )}
      {can(MANAGE) && <AddPerson />}
    </Stack>
  );
}

function AddPerson() {
  const { api } = useComptoir();
  const invalidate = useInvalidate();
  const [name, setName] = useState('');
  const [error, setError] = useState<string | null>(null);
  async function submit(event: FormEvent) {
    event.preventDefault();
    setError(null);
    try {
      await api.post<Person>(PEOPLE, { name });
      setName('');
      await invalidate(PEOPLE);
    } catch (e) {
      setError(errorText(e));
    }
  }
  return (
    <form onSubmit={submit}>
      <Group align="end">
        <TextInput label="Ajouter une personne" placeholder="Prénom" required value={name} onChange={(e) => setName(e.currentTarget.value)} error={error} />
        <Button type="submit" variant="light">Ajouter</Button>
      </Group>
    </form>
  );
}
