/**
 * The X and Z tickets of one register (`/caisse/:id/clotures`), newest first: an X ticket drawn
 * while the register is open (a reading, nothing closed), each ticket previewed as it prints, and
 * printed. Z tickets are made by the closing (the counting wizard).
 */
import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { Alert, Badge, Button, Group, Loader, Stack, Table, Text } from '@mantine/core';
import { formatDateTime, formatMoney, useComptoir, useEntity, useInvalidate, useList } from '@comptoir/sdk/react';
import { PageHeader } from '@comptoir/sdk/ui';
import { OPERATE, REGISTERS, X_TICKETS, Z_TICKETS, errorText, type CashRegister, type ClosingTicket } from '../api.ts';
import { TicketPreview } from './TicketPreview.tsx';

const net = (t: ClosingTicket) => Math.round((t.totalInclTaxes + t.refundTotalInclTaxes) * 100) / 100;

export function ClosingsScreen() {
  const { id = '' } = useParams();
  const { api, can } = useComptoir();
  const invalidate = useInvalidate();
  const register = useEntity<CashRegister>(REGISTERS, id);
  const options = { filters: { 'fk.cashRegister': { mode: 'eq' as const, value: id, valueIsObjectId: true } }, sort: { field: 'number', ascending: false }, pagination: { quantity: 20 } };
  const xs = useList<ClosingTicket>(X_TICKETS, options);
  const zs = useList<ClosingTicket>(Z_TICKETS, options);
  const [open, setOpen] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [drawing, setDrawing] = useState(false);

  async function drawX() {
    setDrawing(true);
    setError(null);
    try {
      const x = await api.post<ClosingTicket>(`${REGISTERS}/${id}/x-ticket`, {});
      await invalidate(X_TICKETS);
      setOpen(`x-${x._id}`);
    } catch (e) {
      setError(errorText(e));
    } finally {
      setDrawing(false);
    }
  }

  if (register.isPending || xs.isPending || zs.isPending) return <Loader />;
  if (register.isError) return <Alert color="red" title="Caisse introuvable">{errorText(register.error)}</Alert>;
  const r = register.data;
  const tickets = [...(xs.data?.data ?? []), ...(zs.data?.data ?? [])].sort((a, b) => b.date.localeCompare(a.date));
  return (
    <Stack data-testid="pos-closings">
      <PageHeader title={`Tickets X et Z — caisse ${r.numberFull} (${r.name})`} />
      <Group>
        {can(OPERATE) && r.status === 'opened' && <Button onClick={drawX} loading={drawing}>Tirer un ticket X</Button>}
        {can(OPERATE) && r.status === 'opened' && <Button variant="default" component={Link} to={`../${id}/cloture`}>Clôturer (ticket Z)</Button>}
        <Button variant="default" component={Link} to="..">Retour aux caisses</Button>
      </Group>
      {error && <Alert color="red" title="Ticket X impossible">{error}</Alert>}
      <Table>
        <Table.Thead><Table.Tr><Table.Th>Ticket</Table.Th><Table.Th>Date</Table.Th><Table.Th>Tickets lus</Table.Th><Table.Th ta="right">Net TTC</Table.Th><Table.Th ta="right">Écart</Table.Th><Table.Th /></Table.Tr></Table.Thead>
        <Table.Tbody>
          {tickets.map((t) => (
            <Table.Tr key={t._id} data-testid="pos-closing-row">
              <Table.Td><Badge color={t.kind === 'z' ? 'grape' : 'blue'}>{t.kind.toUpperCase()}</Badge> {t.numberFull}</Table.Td>
              <Table.Td>{formatDateTime(t.date)}</Table.Td>
              <Table.Td>{t.receiptsCount}</Table.Td>
              <Table.Td ta="right">{formatMoney(net(t))}</Table.Td>
              <Table.Td ta="right">{t.kind === 'z' ? formatMoney(t.difference) : '—'}</Table.Td>
              <Table.Td>
                <Button size="sm" variant="default" onClick={() => setOpen(open === `${t.kind}-${t._id}` ? null : `${t.kind}-${t._id}`)}>Aperçu</Button>
                {open === `${t.kind}-${t._id}` && <TicketPreview kind={t.kind} id={t._id} />}
              </Table.Td>
            </Table.Tr>
          ))}
          {tickets.length === 0 && <Table.Tr><Table.Td colSpan={6}><Text c="dimmed">Aucun ticket X ou Z pour cette caisse.</Text></Table.Td></Table.Tr>}
        </Table.Tbody>
      </Table>
    </Stack>
  );
}
