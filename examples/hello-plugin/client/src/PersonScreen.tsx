/** One person: the note, the greetings so far, and « Dire bonjour ». */
import { Link, useParams } from 'react-router';
import { Alert, Anchor, Button, Loader, Stack, Text, Title } from '@mantine/core';
import { formatDateTime, formatNumber, useComptoir, useEntity } from '@comptoir/sdk/react';
import { MANAGE, PEOPLE, errorText, type Person } from './people.ts';
import { useGreet } from './useGreet.ts';

export function PersonScreen() {
  const { id = '' } = useParams();
  const { can } = useComptoir();
  const person = useEntity<Person>(PEOPLE, id);
  const { greet, pending, error } = useGreet();
  if (person.isPending) return <Loader />;
  if (person.isError) return <Alert color="red" title="Personne introuvable">{errorText(person.error)}</Alert>;
  const p = person.data;
  return (
    <Stack data-testid="hello-person-screen">
      <Anchor component={Link} to=".." relative="path">← Toutes les personnes</Anchor>
      <Title order={2}>{p.name}</Title>
      {p.note && <Text>{p.note}</Text>}
      <Text>{formatNumber(p.greetings)} bonjour(s){p.lastGreetedAt ? `, le dernier le ${formatDateTime(p.lastGreetedAt)}` : ''}.</Text>
      <Text size="sm" c="dimmed">Ajoutée le {formatDateTime(p.metadata.creationDate)}</Text>
      {error && <Alert color="red">{error}</Alert>}
      {can(MANAGE) && <Button w="fit-content" loading={pending === p._id} onClick={() => greet(p._id)}>Dire bonjour</Button>}
    </Stack>
  );
}
