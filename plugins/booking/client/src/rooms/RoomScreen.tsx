/**
 * A room's settings: general, hours (its establishment's or its own), slots, bookers with their
 * limits and prices, shared resources, modes and duration presets. Saved whole; the server checks
 * the coming bookings again (§4) and says which ones no longer hold.
 */
import { useEffect, useState } from 'react';
import { Alert, Button, Checkbox, ColorInput, Group, MultiSelect, NumberInput, Select, Stack, Switch, Table, Tabs, TextInput, Textarea } from '@mantine/core';
import { useParams } from 'react-router';
import { useComptoir, useEntity, useInvalidate, useList } from '@comptoir/sdk/react';
import { PageHeader, notifySaved } from '@comptoir/sdk/ui';
import { BOOKERS, ROOMS, errorText, type ReservableRoom, type ReservableRoomBooker } from '../api.ts';
import { BookingNav } from '../common/BookingNav.tsx';
import { HoursEditor } from './HoursEditor.tsx';

type Room = ReservableRoom;
const EDITABLE = [
  'name', 'description', 'useEstablishmentHours', 'regularHours', 'specialHours', 'sharedRessources', 'calendarIntervalToShowInMinutes', 'reservationMinuteStartsAllowed',
  'bookingSlotMinimumDuration', 'maxMainSlots', 'maxExtensionsSlots', 'smallSlotDurationAfterMainSlot', 'oneBookingPerSlotOnly', 'allowPastStartsToday',
  'durationPresets', 'bookerSettings', 'bookerGroupsQuantity', 'modes', 'publicBooking',
] as const;

export function RoomScreen() {
  const { id } = useParams();
  const { api } = useComptoir();
  const invalidate = useInvalidate();
  const stored = useEntity<Room>(ROOMS, id);
  const bookers = useList<ReservableRoomBooker>(BOOKERS, { sort: { field: 'name', ascending: true }, pagination: { quantity: 500 } });
  const establishments = useList<{ _id: string; name: string }>('/kernel/establishments', { pagination: { quantity: 500 } });
  const [room, setRoom] = useState<Room | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [warning, setWarning] = useState<string | null>(null);
  // eslint-disable-next-line react-hooks/set-state-in-effect -- the form starts from the server's answer
  useEffect(() => { if (stored.data) setRoom(stored.data); }, [stored.data]);
  if (!room) return null;
  const patch = (p: Partial<Room>) => setRoom({ ...room, ...p });
  const settingOf = (booker: string) => room.bookerSettings.find((s) => s.fk.booker === booker);
  const setSetting = (booker: string, p: Record<string, unknown>) => patch({
    bookerSettings: settingOf(booker)
      ? room.bookerSettings.map((s) => (s.fk.booker === booker ? { ...s, ...p } : s))
      : [...room.bookerSettings, { fk: { booker }, ...p }],
  });

  async function save() {
    setError(null);
    setWarning(null);
    try {
      const body = Object.fromEntries(EDITABLE.map((k) => [k, room![k]]));
      const saved = await api.put<Room & { invalidated?: { name: string; reason: string }[] }>(`${ROOMS}/${id}`, { ...body, fk: { establishment: room!.fk.establishment ?? null, bookers: room!.fk.bookers } });
      if (saved.invalidated?.length) setWarning(`Réservations à revoir : ${saved.invalidated.map((i) => `${i.name} (${i.reason})`).join(' ; ')}`);
      notifySaved('Salle enregistrée.');
      await invalidate(ROOMS);
    } catch (e) {
      setError(errorText(e));
    }
  }

  return (
    <Stack data-testid="booking-room" maw={960}>
      <PageHeader title={`Salle — ${room.name}`} actions={<BookingNav />} />
      {error && <Alert color="red" title="Enregistrement impossible">{error}</Alert>}
      {warning && <Alert color="orange" title="Réservations devenues impossibles">{warning}</Alert>}
      <Tabs defaultValue="general">
        <Tabs.List>
          <Tabs.Tab value="general">Général</Tabs.Tab>
          <Tabs.Tab value="hours">Horaires</Tabs.Tab>
          <Tabs.Tab value="slots">Créneaux</Tabs.Tab>
          <Tabs.Tab value="bookers">Réservants et tarifs</Tabs.Tab>
          <Tabs.Tab value="resources">Ressources partagées</Tabs.Tab>
          <Tabs.Tab value="modes">Modes et durées</Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="general" pt="md"><Stack>
          <TextInput label="Nom" value={room.name} onChange={(e) => patch({ name: e.currentTarget.value })} />
          <Textarea label="Description" value={room.description ?? ''} onChange={(e) => patch({ description: e.currentTarget.value })} />
          <Switch label="Réservable en ligne (page publique et sites web)" checked={room.publicBooking} onChange={(e) => patch({ publicBooking: e.currentTarget.checked })} />
        </Stack></Tabs.Panel>
        <Tabs.Panel value="hours" pt="md"><Stack>
          <Switch label="Horaires de l’établissement" checked={room.useEstablishmentHours} onChange={(e) => patch({ useEstablishmentHours: e.currentTarget.checked })} />
          {room.useEstablishmentHours
            ? <Select label="Établissement" data={(establishments.data?.data ?? []).map((e) => ({ value: e._id, label: e.name }))} value={room.fk.establishment ?? null} onChange={(v) => patch({ fk: { ...room.fk, establishment: v } })} />
            : <HoursEditor value={room.regularHours} onChange={(regularHours) => patch({ regularHours })} />}
        </Stack></Tabs.Panel>
        <Tabs.Panel value="slots" pt="md"><Group align="end">
          <NumberInput label="Durée d’un créneau (min)" min={5} max={1440} value={room.bookingSlotMinimumDuration} onChange={(v) => patch({ bookingSlotMinimumDuration: Number(v) || 60 })} />
          <NumberInput label="Créneaux au plus" min={1} max={96} value={room.maxMainSlots} onChange={(v) => patch({ maxMainSlots: Number(v) || 1 })} />
          <NumberInput label="Prolongation (min)" min={0} max={1440} value={room.smallSlotDurationAfterMainSlot} onChange={(v) => patch({ smallSlotDurationAfterMainSlot: Number(v) || 0 })} />
          <NumberInput label="Prolongations au plus" min={0} max={96} value={room.maxExtensionsSlots} onChange={(v) => patch({ maxExtensionsSlots: Number(v) || 0 })} />
          <NumberInput label="Pas du calendrier (min)" min={1} max={1440} value={room.calendarIntervalToShowInMinutes} onChange={(v) => patch({ calendarIntervalToShowInMinutes: Number(v) || 5 })} />
          <MultiSelect label="Minutes de début" data={Array.from({ length: 12 }, (_, i) => String(i * 5))} value={room.reservationMinuteStartsAllowed.map(String)} onChange={(v) => patch({ reservationMinuteStartsAllowed: v.map(Number).sort((a, b) => a - b) })} />
          <Checkbox label="Une seule réservation par créneau" checked={room.oneBookingPerSlotOnly} onChange={(e) => patch({ oneBookingPerSlotOnly: e.currentTarget.checked })} />
          <Checkbox label="Débuts déjà passés permis aujourd’hui" checked={room.allowPastStartsToday} onChange={(e) => patch({ allowPastStartsToday: e.currentTarget.checked })} />
        </Group></Tabs.Panel>
        <Tabs.Panel value="bookers" pt="md">
          <Table>
            <Table.Thead><Table.Tr><Table.Th>Accepté</Table.Th><Table.Th>Réservant</Table.Th><Table.Th>Au plus</Table.Th><Table.Th>1er créneau (€ TTC)</Table.Th><Table.Th>Suivants</Table.Th><Table.Th>Prolongation</Table.Th></Table.Tr></Table.Thead>
            <Table.Tbody>
              {(bookers.data?.data ?? []).map((b) => {
                const s = settingOf(b._id);
                return (
                  <Table.Tr key={b._id}>
                    <Table.Td><Checkbox aria-label={`Accepter ${b.name}`} checked={room.fk.bookers.includes(b._id)} onChange={(e) => patch({ fk: { ...room.fk, bookers: e.currentTarget.checked ? [...room.fk.bookers, b._id] : room.fk.bookers.filter((x) => x !== b._id) } })} /></Table.Td>
                    <Table.Td>{b.name}</Table.Td>
                    <Table.Td><NumberInput w={90} min={0} value={s?.maxElement ?? 10} onChange={(v) => setSetting(b._id, { maxElement: Number(v) || 0 })} /></Table.Td>
                    <Table.Td><NumberInput w={110} min={0} decimalScale={2} value={s?.priceForMainSlot ?? 10} onChange={(v) => setSetting(b._id, { priceForMainSlot: Number(v) || 0 })} /></Table.Td>
                    <Table.Td><NumberInput w={110} min={0} decimalScale={2} value={s?.priceForNextSlots ?? 10} onChange={(v) => setSetting(b._id, { priceForNextSlots: Number(v) || 0 })} /></Table.Td>
                    <Table.Td><NumberInput w={110} min={0} decimalScale={2} value={s?.priceForExtendedSlots ?? 5} onChange={(v) => setSetting(b._id, { priceForExtendedSlots: Number(v) || 0 })} /></Table.Td>
                  </Table.Tr>
                );
              })}
            </Table.Tbody>
          </Table>
        </Tabs.Panel>
        <Tabs.Panel value="resources" pt="md"><Stack>
          {room.sharedRessources.map((r, i) => (
            <Group key={r.uuid ?? i} align="end">
              <TextInput label="Ressource" value={r.name} onChange={(e) => patch({ sharedRessources: room.sharedRessources.map((x, j) => (j === i ? { ...x, name: e.currentTarget.value } : x)) })} />
              <TextInput label="Code de regroupement" value={r.groupingCode ?? ''} onChange={(e) => patch({ sharedRessources: room.sharedRessources.map((x, j) => (j === i ? { ...x, groupingCode: e.currentTarget.value } : x)) })} />
              <NumberInput label="Personnes au plus" w={130} min={1} value={r.maxBookers ?? 10} onChange={(v) => patch({ sharedRessources: room.sharedRessources.map((x, j) => (j === i ? { ...x, maxBookers: Number(v) || 1 } : x)) })} />
              <NumberInput label="Priorité" w={100} value={r.priority ?? 0} onChange={(v) => patch({ sharedRessources: room.sharedRessources.map((x, j) => (j === i ? { ...x, priority: Number(v) || 0 } : x)) })} />
              <Checkbox label="Active" checked={r.enabled !== false} onChange={(e) => patch({ sharedRessources: room.sharedRessources.map((x, j) => (j === i ? { ...x, enabled: e.currentTarget.checked } : x)) })} />
              <Button variant="subtle" color="red" onClick={() => patch({ sharedRessources: room.sharedRessources.filter((_, j) => j !== i) })}>Retirer</Button>
            </Group>
          ))}
          <Group><Button variant="light" onClick={() => patch({ sharedRessources: [...room.sharedRessources, { name: `Ressource ${room.sharedRessources.length + 1}` }] })}>Ajouter une ressource</Button></Group>
        </Stack></Tabs.Panel>
        <Tabs.Panel value="modes" pt="md"><Stack>
          {room.modes.map((m, i) => (
            <Group key={m.uuid ?? i} align="end">
              <TextInput label="Mode" value={m.name} onChange={(e) => patch({ modes: room.modes.map((x, j) => (j === i ? { ...x, name: e.currentTarget.value } : x)) })} />
              <TextInput label="Émoji" w={80} value={m.emoji ?? ''} onChange={(e) => patch({ modes: room.modes.map((x, j) => (j === i ? { ...x, emoji: e.currentTarget.value } : x)) })} />
              <ColorInput label="Couleur" w={140} value={m.color ?? '#1971c2'} onChange={(color) => patch({ modes: room.modes.map((x, j) => (j === i ? { ...x, color } : x)) })} />
              <Button variant="subtle" color="red" onClick={() => patch({ modes: room.modes.filter((_, j) => j !== i) })}>Retirer</Button>
            </Group>
          ))}
          <Group><Button variant="light" onClick={() => patch({ modes: [...room.modes, { name: `Mode ${room.modes.length + 1}` }] })}>Ajouter un mode</Button></Group>
          {room.durationPresets.map((p, i) => (
            <Group key={i} align="end">
              <TextInput label="Durée proposée" value={p.name} onChange={(e) => patch({ durationPresets: room.durationPresets.map((x, j) => (j === i ? { ...x, name: e.currentTarget.value } : x)) })} />
              <NumberInput label="Créneaux" w={100} min={1} value={p.mainSlots ?? 1} onChange={(v) => patch({ durationPresets: room.durationPresets.map((x, j) => (j === i ? { ...x, mainSlots: Number(v) || 1 } : x)) })} />
              <NumberInput label="Prolongations" w={120} min={0} value={p.extensionSlots ?? 0} onChange={(v) => patch({ durationPresets: room.durationPresets.map((x, j) => (j === i ? { ...x, extensionSlots: Number(v) || 0 } : x)) })} />
              <Button variant="subtle" color="red" onClick={() => patch({ durationPresets: room.durationPresets.filter((_, j) => j !== i) })}>Retirer</Button>
            </Group>
          ))}
          <Group><Button variant="light" onClick={() => patch({ durationPresets: [...room.durationPresets, { name: 'Nouvelle durée', mainSlots: 1, extensionSlots: 0 }] })}>Ajouter une durée proposée</Button></Group>
        </Stack></Tabs.Panel>
      </Tabs>
      <Group><Button onClick={() => { void save(); }}>Enregistrer</Button></Group>
    </Stack>
  );
}
