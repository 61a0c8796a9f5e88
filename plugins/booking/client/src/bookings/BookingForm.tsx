/**
 * A booking from the back office, with live availability and price: the room, the day, the
 * duration (presets or slots), the mode, the quantities per booker; the free starts of that day
 * are asked again at each change, the price comes with them; a click on a start then « Réserver ».
 */
import { useState } from 'react';
import { Alert, Button, Chip, Group, NumberInput, Select, Stack, Text, TextInput, Textarea } from '@mantine/core';
import { useNavigate } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { useComptoir, useList } from '@comptoir/sdk/react';
import { PageHeader } from '@comptoir/sdk/ui';
import {
  BOOKERS, BOOKINGS, ROOMS, errorText, euros, parisMidnight, timeText, todayInParis,
  type AvailabilityAnswer, type ReservableRoom, type ReservableRoomBooker, type ReservableRoomBooking,
} from '../api.ts';
import { BASE, BookingNav } from '../common/BookingNav.tsx';

export function BookingForm() {
  const { api } = useComptoir();
  const navigate = useNavigate();
  const rooms = useList<ReservableRoom>(ROOMS, { sort: { field: 'name', ascending: true }, pagination: { quantity: 500 } });
  const bookers = useList<ReservableRoomBooker>(BOOKERS, { sort: { field: 'name', ascending: true }, pagination: { quantity: 500 } });
  const [roomId, setRoomId] = useState<string | null>(null);
  const [day, setDay] = useState(todayInParis());
  const [slots, setSlots] = useState(1);
  const [extensions, setExtensions] = useState(0);
  const [mode, setMode] = useState<string | null>(null);
  const [counts, setCounts] = useState<Record<string, number>>({});
  const [start, setStart] = useState<string | null>(null);
  const [name, setName] = useState('');
  const [email, setEmail] = useState('');
  const [tel, setTel] = useState('');
  const [comment, setComment] = useState('');
  const [error, setError] = useState<string | null>(null);
  const room = (rooms.data?.data ?? []).find((r) => r._id === roomId) ?? null;
  const roomBookers = (bookers.data?.data ?? []).filter((b) => !room || room.fk.bookers.length === 0 || room.fk.bookers.includes(b._id));
  const quantity = Object.entries(counts).filter(([, n]) => n > 0).map(([booker, n]) => ({ booker, quantity: n }));
  const from = /^\d{4}-\d{2}-\d{2}$/.test(day) ? parisMidnight(day) : null;
  const free = useQuery({
    queryKey: ['booking', 'availability', roomId, day, slots, extensions, mode, quantity],
    enabled: !!room && !!from,
    queryFn: () => api.get<AvailabilityAnswer>(`${ROOMS}/${roomId}/availability`, {
      from, to: new Date(Date.parse(from!) + 86_400_000).toISOString(), slots: String(slots), extensions: String(extensions),
      ...(quantity.length ? { quantity: JSON.stringify(quantity) } : {}), ...(mode ? { mode } : {}),
    }),
  });
  const durations = room
    ? room.durationPresets.filter((p) => p.enabled !== false).map((p) => ({ value: `${p.mainSlots ?? 1}:${p.extensionSlots ?? 0}`, label: p.name }))
      .concat(Array.from({ length: room.maxMainSlots }, (_, i) => ({ value: `${i + 1}:0`, label: `${(i + 1) * room.bookingSlotMinimumDuration} min` })))
      .filter((d, i, all) => all.findIndex((x) => x.value === d.value) === i)
    : [];

  async function submit() {
    if (!room || !start) return;
    setError(null);
    try {
      const b = await api.post<ReservableRoomBooking>(BOOKINGS, {
        name, startDate: start, slots, extensionSlots: extensions, quantity, fk: { room: room._id },
        ...(email ? { email } : {}), ...(tel ? { tel } : {}), ...(comment ? { comment } : {}), ...(mode ? { modeUUID: mode } : {}),
      });
      navigate(`${BASE}/reservations/${b._id}`);
    } catch (e) {
      setError(errorText(e));
    }
  }

  return (
    <Stack data-testid="booking-form" maw={760}>
      <PageHeader title="Nouvelle réservation" actions={<BookingNav />} />
      {error && <Alert color="red" title="Réservation impossible">{error}</Alert>}
      <Select label="Salle" data={(rooms.data?.data ?? []).map((r) => ({ value: r._id, label: r.name }))} value={roomId} onChange={(v) => { setRoomId(v); setStart(null); setMode(null); }} />
      {room && (
        <>
          <Group grow>
            <TextInput type="date" label="Jour" value={day} onChange={(e) => { setDay(e.currentTarget.value); setStart(null); }} />
            <Select label="Durée" data={durations} value={`${slots}:${extensions}`} onChange={(v) => { const [s, x] = (v ?? '1:0').split(':').map(Number); setSlots(s); setExtensions(x); setStart(null); }} />
            {room.modes.length > 0 && <Select label="Mode" clearable data={room.modes.filter((m) => m.enabled !== false && m.uuid).map((m) => ({ value: m.uuid!, label: `${m.emoji ?? ''} ${m.name}`.trim() }))} value={mode} onChange={setMode} />}
          </Group>
          <Group>
            {roomBookers.map((b) => (
              <NumberInput key={b._id} label={b.name} min={0} max={1000} w={140} value={counts[b._id] ?? 0} onChange={(v) => { setCounts({ ...counts, [b._id]: Number(v) || 0 }); setStart(null); }} />
            ))}
          </Group>
          {free.error && <Alert color="orange">{errorText(free.error)}</Alert>}
          {free.data && (
            <Stack gap="xs">
              <Text fw={600} data-testid="booking-price">Prix : {euros(free.data.price)} TTC — {free.data.duration} min</Text>
              {free.data.starts.length === 0 ? <Text c="dimmed">Aucun début libre ce jour-là.</Text> : (
                <Chip.Group value={start ?? ''} onChange={(v) => setStart(typeof v === 'string' && v ? v : null)}>
                  <Group gap={6}>{free.data.starts.map((s) => <Chip key={s.start} value={s.start} size="sm">{timeText(s.start)}</Chip>)}</Group>
                </Chip.Group>
              )}
            </Stack>
          )}
          <TextInput label="Nom" required value={name} onChange={(e) => setName(e.currentTarget.value)} />
          <Group grow>
            <TextInput label="E-mail" type="email" value={email} onChange={(e) => setEmail(e.currentTarget.value)} />
            <TextInput label="Téléphone" value={tel} onChange={(e) => setTel(e.currentTarget.value)} />
          </Group>
          <Textarea label="Commentaire" value={comment} onChange={(e) => setComment(e.currentTarget.value)} />
          <Group><Button onClick={() => { void submit(); }} disabled={!start || !name.trim() || quantity.length === 0}>Réserver</Button></Group>
        </>
      )}
    </Stack>
  );
}
