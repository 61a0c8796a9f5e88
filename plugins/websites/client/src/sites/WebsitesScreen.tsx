/** The company's websites: domain, state; create one by its domain. */
import { useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { Alert, Anchor, Badge, Button, Group, Loader, Stack, Table, Text, TextInput } from '@mantine/core';
import { useComptoir, useInvalidate, useList } from '@comptoir/sdk/react';
import { PageHeader } from '@comptoir/sdk/ui';
import { MANAGE, WEBSITES, errorText, type Website } from '../api.ts';

export function WebsitesScreen() {
  const { api, can } = useComptoir();
  const invalidate = useInvalidate();
  const sites = useList<Website>(WEBSITES, { sort: { field: 'name', ascending: true }, pagination: { quantity: 100 } });
  const [name, setName] = useState('');
  const [domain, setDomain] = useState('');
  const [error, setError] = useState<string | null>(null);

  async function create(event: FormEvent) {
    event.preventDefault();
    setError(null);
    try {
      await api.post(WEBSITES, { name: name || domain, domain });
      setName('');
      setDomain('');
      await invalidate(WEBSITES);
    } catch (e) {
      setError(errorText(e));
    }
  }

  const rows = sites.data?.data ?? [];
  return (
    <Stack data-testid="websites-list">
      <PageHeader title="Sites web" />
      <Group><Anchor component={Link} to="articles">Articles du blog →</Anchor><Anchor component={Link} to="modeles">Modèles et variantes →</Anchor></Group>
      {sites.isError && <Alert color="red" title="Chargement impossible">{errorText(sites.error)}</Alert>}
      {sites.isPending ? <Loader /> : (
        <Table striped highlightOnHover>
          <Table.Thead><Table.Tr><Table.Th>Nom</Table.Th><Table.Th>Domaine</Table.Th><Table.Th>État</Table.Th></Table.Tr></Table.Thead>
          <Table.Tbody>
            {rows.map((w) => (
              <Table.Tr key={w._id}>
                <Table.Td><Anchor component={Link} to={w._id}>{w.name}</Anchor></Table.Td>
                <Table.Td>{w.normalizedDomain}</Table.Td>
                <Table.Td>{w.enabled ? <Badge color="green">En ligne</Badge> : <Badge color="gray">Hors ligne</Badge>}</Table.Td>
              </Table.Tr>
            ))}
            {rows.length === 0 && <Table.Tr><Table.Td colSpan={3}><Text c="dimmed">Aucun site pour l’instant.</Text></Table.Td></Table.Tr>}
          </Table.Tbody>
        </Table>
      )}
      {can(MANAGE) && (
        <form onSubmit={create}>
          {error && <Alert color="red" title="Création impossible" mb="sm">{error}</Alert>}
          <Group align="end">
            <TextInput label="Nom" placeholder="Boulangerie Martin" value={name} onChange={(e) => setName(e.currentTarget.value)} />
            <TextInput label="Domaine" placeholder="boulangerie-martin.fr" required value={domain} onChange={(e) => setDomain(e.currentTarget.value)} />
            <Button type="submit">Créer le site</Button>
          </Group>
        </form>
      )}
    </Stack>
  );
}
