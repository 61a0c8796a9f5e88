/** The blog's articles: title, date, address; write a new one. */
import { useState, type FormEvent } from 'react';
import { Link, useNavigate } from 'react-router';
import { Alert, Anchor, Button, Group, Loader, Stack, Table, Text, TextInput } from '@mantine/core';
import { formatDate, useComptoir, useInvalidate, useList } from '@comptoir/sdk/react';
import { PageHeader } from '@comptoir/sdk/ui';
import { ARTICLES, WRITE_ARTICLES, errorText, type Article } from '../api.ts';

export function ArticlesScreen() {
  const { api, can } = useComptoir();
  const invalidate = useInvalidate();
  const navigate = useNavigate();
  const articles = useList<Article>(ARTICLES, { sort: { field: 'writtenDate', ascending: false }, pagination: { quantity: 50 } });
  const [title, setTitle] = useState('');
  const [error, setError] = useState<string | null>(null);

  async function create(event: FormEvent) {
    event.preventDefault();
    setError(null);
    try {
      const created = await api.post<Article>(ARTICLES, { title });
      await invalidate(ARTICLES);
      navigate(created._id);
    } catch (e) {
      setError(errorText(e));
    }
  }

  const rows = articles.data?.data ?? [];
  return (
    <Stack data-testid="websites-articles">
      <PageHeader title="Articles" />
      {articles.isPending ? <Loader /> : (
        <Table striped highlightOnHover>
          <Table.Thead><Table.Tr><Table.Th>Titre</Table.Th><Table.Th>Date</Table.Th><Table.Th>Adresse</Table.Th></Table.Tr></Table.Thead>
          <Table.Tbody>
            {rows.map((a) => (
              <Table.Tr key={a._id}>
                <Table.Td><Anchor component={Link} to={a._id}>{a.title}</Anchor></Table.Td>
                <Table.Td>{formatDate(a.writtenDate)}</Table.Td>
                <Table.Td>/article/{a.alias}</Table.Td>
              </Table.Tr>
            ))}
            {rows.length === 0 && <Table.Tr><Table.Td colSpan={3}><Text c="dimmed">Aucun article pour l’instant.</Text></Table.Td></Table.Tr>}
          </Table.Tbody>
        </Table>
      )}
      {can(WRITE_ARTICLES) && (
        <form onSubmit={create}>
          {error && <Alert color="red" mb="sm">{error}</Alert>}
          <Group align="end">
            <TextInput label="Nouvel article" placeholder="Titre" required value={title} onChange={(e) => setTitle(e.currentTarget.value)} />
            <Button type="submit">Écrire</Button>
          </Group>
        </form>
      )}
    </Stack>
  );
}
