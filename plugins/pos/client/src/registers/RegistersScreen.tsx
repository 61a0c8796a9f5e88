/** The registers of the company: number, name, state, cash in the drawer; open or close one; create one. */
import { useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { Alert, Badge, Button, Group, Loader, Stack, Table, Text, TextInput } from '@mantine/core';
import { formatMoney, useComptoir, useInvalidate, useList } from '@comptoir/sdk/react';
import { PageHeader } from '@comptoir/sdk/ui';
import { MANAGE, OPERATE, REGISTERS, errorText, type CashRegister } from '../api.ts';
import { countedCents, type Quantities } from './counting.ts';

const drawerCents = (r: CashRegister) => (r.cash.details
  ? countedCents(Object.fromEntries(r.cash.details.map((l) => [String(l.unit), l.quantity])) as Quantities)
  : Math.round((r.cash.customAmount ?? 0) * 100));

export function RegistersScreen() {
  const { api, can } = useComptoir();
  const invalidate = useInvalidate();
  const registers = useList<CashRegister>(REGISTERS, { sort: { field: 'number', ascending: true }, pagination: { quantity: 100 } });
  const [name, setName] = useState('');
  const [error, setError] = useState<string | null>(null);

  async function create(event: FormEvent) {
    event.preventDefault();
    setError(null);
    try {
      await api.post(REGISTERS, { name });
      setName('');
      await invalidate(REGISTERS);
    } catch (e) {
      setError(errorText(e));
    }
  }

  const rows = registers.data?.data ?? [];
  return (
    <Stack data-testid="pos-registers">
      <PageHeader title="Caisses" />
      <Group><Button variant="default" component={Link} to="archives">Archives et exports</Button></Group>
      {registers.isError && <Alert color="red" title="Chargement impossible">{errorText(registers.error)}</Alert>}
      {registers.isPending ? <Loader /> : (
        <Table striped highlightOnHover>
          <Table.Thead>
            <Table.Tr><Table.Th>N°</Table.Th><Table.Th>Nom</Table.Th><Table.Th>État</Table.Th><Table.Th>Espèces</Table.Th><Table.Th /></Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.map((r) => (
              <Table.Tr key={r._id}>
                <Table.Td>{r.numberFull}</Table.Td>
                <Table.Td>{r.name}</Table.Td>
                <Table.Td>
                  {r.status === 'opened' ? <Badge color="green">Ouverte</Badge> : <Badge color="gray">Fermée</Badge>}
                  {r.locked && <Badge color="red" ml="xs">Verrouillée</Badge>}
                </Table.Td>
                <Table.Td>{formatMoney(drawerCents(r) / 100)}</Table.Td>
                <Table.Td>
                  {can(OPERATE) && !r.locked && (r.status === 'opened'
                    ? <Group gap="xs"><Button size="xs" color="green" component={Link} to={`${r._id}/vente`}>Vendre</Button><Button size="xs" variant="default" component={Link} to={`${r._id}/tickets`}>Tickets</Button><Button size="xs" variant="default" component={Link} to={`${r._id}/clotures`}>X / Z</Button><Button size="xs" component={Link} to={`${r._id}/cloture`}>Clôturer</Button></Group>
                    : <Group gap="xs"><Button size="xs" component={Link} to={`${r._id}/ouverture`}>Ouvrir</Button><Button size="xs" variant="default" component={Link} to={`${r._id}/clotures`}>X / Z</Button></Group>)}
                </Table.Td>
              </Table.Tr>
            ))}
            {rows.length === 0 && <Table.Tr><Table.Td colSpan={5}><Text c="dimmed">Aucune caisse pour l’instant.</Text></Table.Td></Table.Tr>}
          </Table.Tbody>
        </Table>
      )}
      {can(MANAGE) && (
        <form onSubmit={create}>
          {error && <Alert color="red" title="Création impossible" mb="sm">{error}</Alert>}
          <Group align="end">
            <TextInput label="Nouvelle caisse" placeholder="Nom de la caisse" required value={name} onChange={(e) => setName(e.currentTarget.value)} />
            <Button type="submit">Créer</Button>
          </Group>
        </form>
      )}
    </Stack>
  );
}
