/** One booking: its details, and what can be done with it (cancel, quotation, invoice). */
import { useState } from 'react';
import { Alert, Badge, Button, Group, Stack, Table, Text } from '@mantine/core';
import { Link, useParams } from 'react-router';
import { useComptoir, useEntity, useInvalidate } from '@comptoir/sdk/react';
import { PageHeader } from '@comptoir/sdk/ui';
import { BOOKINGS, INVOICE, ORIGIN_LABELS, STATUS_LABELS, WRITE, dateTimeText, errorText, euros, timeText, type ReservableRoomBooking } from '../api.ts';
import { BookingNav } from '../common/BookingNav.tsx';

export function BookingScreen() {
  const { id } = useParams();
  const { api, can } = useComptoir();
  const invalidate = useInvalidate();
  const booking = useEntity<ReservableRoomBooking>(BOOKINGS, id);
  const [error, setError] = useState<string | null>(null);
  const b = booking.data;

  async function act(path: string) {
    setError(null);
    try {
      await api.post(`${BOOKINGS}/${id}/${path}`, {});
      await invalidate(BOOKINGS);
    } catch (e) {
      setError(errorText(e));
    }
  }

  if (!b) return <Text>{booking.error ? errorText(booking.error) : 'Chargement…'}</Text>;
  return (
    <Stack data-testid="booking-screen" maw={760}>
      <PageHeader title={`Réservation — ${b.roomInfo.name}`} actions={<BookingNav />} />
      {error && <Alert color="red" title="Action impossible">{error}</Alert>}
      <Group><Badge color={b.status === 'confirmed' ? 'green' : b.status === 'invalid' ? 'red' : 'gray'}>{STATUS_LABELS[b.status]}</Badge><Text>{ORIGIN_LABELS[b.origin]}</Text></Group>
      {b.invalidReason && <Alert color="orange" title="Cette réservation n’est plus valable">{b.invalidReason}</Alert>}
      <Table>
        <Table.Tbody>
          <Table.Tr><Table.Th>Nom</Table.Th><Table.Td>{b.name}</Table.Td></Table.Tr>
          <Table.Tr><Table.Th>Début</Table.Th><Table.Td>{dateTimeText(b.startDate)}</Table.Td></Table.Tr>
          <Table.Tr><Table.Th>Fin</Table.Th><Table.Td>{timeText(b.endDate)}</Table.Td></Table.Tr>
          <Table.Tr><Table.Th>Créneaux</Table.Th><Table.Td>{b.slots} + {b.extensionSlots} prolongation(s)</Table.Td></Table.Tr>
          <Table.Tr><Table.Th>Personnes</Table.Th><Table.Td>{b.quantity.reduce((n, q) => n + q.quantity, 0)}</Table.Td></Table.Tr>
          <Table.Tr><Table.Th>Prix</Table.Th><Table.Td data-testid="booking-total">{euros(b.price)} TTC</Table.Td></Table.Tr>
          {b.email && <Table.Tr><Table.Th>E-mail</Table.Th><Table.Td>{b.email}</Table.Td></Table.Tr>}
          {b.tel && <Table.Tr><Table.Th>Téléphone</Table.Th><Table.Td>{b.tel}</Table.Td></Table.Tr>}
          {b.comment && <Table.Tr><Table.Th>Commentaire</Table.Th><Table.Td>{b.comment}</Table.Td></Table.Tr>}
        </Table.Tbody>
      </Table>
      <Group>
        {can(INVOICE) && (b.fk.quotation
          ? <Button component={Link} to={`/devis/${b.fk.quotation}`} variant="light">Voir le devis</Button>
          : <Button variant="light" onClick={() => { void act('quotation'); }}>Faire un devis</Button>)}
        {can(INVOICE) && (b.fk.invoice
          ? <Button component={Link} to={`/factures/${b.fk.invoice}`} variant="light" data-testid="booking-invoice-link">Voir la facture</Button>
          : <Button onClick={() => { void act('invoice'); }}>Faire une facture</Button>)}
        {can(WRITE) && b.status === 'confirmed' && <Button color="red" variant="subtle" onClick={() => { void act('cancel'); }}>Annuler la réservation</Button>}
      </Group>
    </Stack>
  );
}
