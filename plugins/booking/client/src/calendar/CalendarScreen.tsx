/**
 * The calendar of bookings (FullCalendar, MIT packages, loaded lazily): day, week and month views,
 * each booking coloured by its mode (grey without one, red when it must be reviewed), dragged to
 * move it (the server checks every rule again and may refuse: the event goes back), clicked to
 * open it.
 */
import { useMemo, useState } from 'react';
import FullCalendar from '@fullcalendar/react';
import dayGridPlugin from '@fullcalendar/daygrid';
import timeGridPlugin from '@fullcalendar/timegrid';
import interactionPlugin from '@fullcalendar/interaction';
import frLocale from '@fullcalendar/core/locales/fr';
import type { DatesSetArg, EventClickArg, EventDropArg } from '@fullcalendar/core';
import { Alert, Select, Stack } from '@mantine/core';
import { useNavigate } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { useComptoir, useInvalidate, useList } from '@comptoir/sdk/react';
import { PageHeader } from '@comptoir/sdk/ui';
import { BOOKINGS, ROOMS, WRITE, errorText, type ReservableRoom, type ReservableRoomBooking } from '../api.ts';
import { BASE, BookingNav } from '../common/BookingNav.tsx';

const NO_MODE = '#868e96';
const INVALID = '#e03131';

export default function CalendarScreen() {
  const { api, can } = useComptoir();
  const navigate = useNavigate();
  const invalidate = useInvalidate();
  const [range, setRange] = useState<{ start: string; end: string } | null>(null);
  const [roomId, setRoomId] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const rooms = useList<ReservableRoom>(ROOMS, { sort: { field: 'name', ascending: true }, pagination: { quantity: 500 } });
  const bookings = useQuery({
    queryKey: ['booking', 'calendar', range, roomId],
    enabled: !!range,
    queryFn: async () => {
      const out: ReservableRoomBooking[] = [];
      let cursor: string | null = null;
      do {
        const page: { data: ReservableRoomBooking[]; next: string | null } = await api.get(BOOKINGS, {
          filters: {
            startDate: { mode: 'lt', valueIsDate: true, endDate: range!.end },
            endDate: { mode: 'gt', valueIsDate: true, startDate: range!.start },
            status: { mode: 'in', value: ['confirmed', 'invalid'] },
            ...(roomId ? { 'fk.room': { mode: 'eq', value: roomId, valueIsObjectId: true } } : {}),
          },
          sort: { field: 'startDate', ascending: true },
          pagination: cursor ? { quantity: 500, cursor } : { quantity: 500 },
        });
        out.push(...page.data);
        cursor = page.next;
      } while (cursor);
      return out;
    },
  });
  const colours = useMemo(() => {
    const map = new Map<string, { color: string; emoji?: string }>();
    for (const r of rooms.data?.data ?? []) for (const m of r.modes) if (m.uuid) map.set(m.uuid, { color: m.color ?? '#1971c2', emoji: m.emoji });
    return map;
  }, [rooms.data]);
  const events = (bookings.data ?? []).map((b) => {
    const mode = b.modeUUID ? colours.get(b.modeUUID) : undefined;
    return {
      id: b._id,
      title: `${mode?.emoji ? `${mode.emoji} ` : ''}${b.name || 'Sans nom'} — ${b.roomInfo.name}`,
      start: b.startDate, end: b.endDate,
      backgroundColor: b.status === 'invalid' ? INVALID : mode?.color ?? NO_MODE,
      borderColor: b.status === 'invalid' ? INVALID : mode?.color ?? NO_MODE,
      editable: b.status === 'confirmed' && can(WRITE),
    };
  });

  async function move(info: EventDropArg) {
    setError(null);
    try {
      await api.put(`${BOOKINGS}/${info.event.id}`, { startDate: info.event.start!.toISOString() });
      await invalidate(BOOKINGS);
    } catch (e) {
      info.revert();
      setError(errorText(e));
    }
  }

  return (
    <Stack data-testid="booking-calendar">
      <PageHeader title="Réservations" actions={<BookingNav />} />
      <Select label="Salle" placeholder="Toutes les salles" clearable data={(rooms.data?.data ?? []).map((r) => ({ value: r._id, label: r.name }))} value={roomId} onChange={setRoomId} w={320} />
      {error && <Alert color="red" title="Déplacement refusé" withCloseButton onClose={() => setError(null)}>{error}</Alert>}
      <FullCalendar
        plugins={[dayGridPlugin, timeGridPlugin, interactionPlugin]}
        locale={frLocale}
        // the browser's zone (named zones need a date library plugin): French users are in Paris
        timeZone="local"
        initialView="timeGridWeek"
        headerToolbar={{ left: 'prev,next today', center: 'title', right: 'timeGridDay,timeGridWeek,dayGridMonth' }}
        slotMinTime="06:00:00"
        slotMaxTime="23:00:00"
        allDaySlot={false}
        nowIndicator
        height="auto"
        events={events}
        datesSet={(arg: DatesSetArg) => setRange({ start: arg.start.toISOString(), end: arg.end.toISOString() })}
        eventDrop={(info: EventDropArg) => { void move(info); }}
        eventDurationEditable={false}
        eventClick={(arg: EventClickArg) => { arg.jsEvent.preventDefault(); navigate(`${BASE}/reservations/${arg.event.id}`); }}
      />
    </Stack>
  );
}
