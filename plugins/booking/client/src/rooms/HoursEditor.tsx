/**
 * A room's own regular hours: groups of weekdays, each with open intervals. The establishments'
 * editor lives in the shell, which does not share it with remotes (README « Left to do »); this
 * one writes the same shape (`{ days, openTimes: [{ start, end }] }`, times as { hours, minutes }).
 */
import { Button, Card, Chip, Group, Stack, Text, TextInput } from '@mantine/core';
import type { ReservableRoom } from '../api.ts';

type Regular = ReservableRoom['regularHours'][number];
const DAYS = [['MONDAY', 'Lu'], ['TUESDAY', 'Ma'], ['WENESDAY', 'Me'], ['THURSDAY', 'Je'], ['FRIDAY', 'Ve'], ['SATURDAY', 'Sa'], ['SUNDAY', 'Di']] as const;
const text = (t?: { hours: number; minutes: number }) => (t ? `${String(t.hours).padStart(2, '0')}:${String(t.minutes).padStart(2, '0')}` : '');
const time = (v: string) => { const m = /^(\d{2}):(\d{2})$/.exec(v); return m ? { hours: Number(m[1]), minutes: Number(m[2]) } : undefined; };

export function HoursEditor({ value, onChange }: { value: Regular[]; onChange: (v: Regular[]) => void }) {
  const set = (i: number, r: Regular) => onChange(value.map((x, j) => (j === i ? r : x)));
  return (
    <Stack>
      {value.length === 0 && <Text c="dimmed" size="sm">Aucun horaire : la salle est fermée.</Text>}
      {value.map((r, i) => (
        <Card key={i} withBorder padding="sm">
          <Stack gap="xs">
            <Chip.Group multiple value={(r.days ?? []) as string[]} onChange={(days) => set(i, { ...r, days: days as Regular['days'] })}>
              <Group gap={6}>{DAYS.map(([d, l]) => <Chip key={d} value={d} size="xs">{l}</Chip>)}</Group>
            </Chip.Group>
            {(r.openTimes ?? []).map((t, k) => (
              <Group key={k} gap="xs">
                <TextInput type="time" aria-label={`Horaires ${i + 1}, début ${k + 1}`} value={text(t.start)} onChange={(e) => set(i, { ...r, openTimes: (r.openTimes ?? []).map((x, n) => (n === k ? { ...x, start: time(e.currentTarget.value) } : x)) })} />
                <TextInput type="time" aria-label={`Horaires ${i + 1}, fin ${k + 1}`} value={text(t.end)} onChange={(e) => set(i, { ...r, openTimes: (r.openTimes ?? []).map((x, n) => (n === k ? { ...x, end: time(e.currentTarget.value) } : x)) })} />
                <Button size="compact-xs" variant="subtle" color="red" onClick={() => set(i, { ...r, openTimes: (r.openTimes ?? []).filter((_, n) => n !== k) })}>Retirer</Button>
              </Group>
            ))}
            <Group>
              <Button size="compact-xs" variant="light" onClick={() => set(i, { ...r, openTimes: [...(r.openTimes ?? []), { start: { hours: 9, minutes: 0 }, end: { hours: 12, minutes: 0 } }] })}>Ajouter une plage</Button>
              <Button size="compact-xs" variant="subtle" color="red" onClick={() => onChange(value.filter((_, j) => j !== i))}>Retirer ces jours</Button>
            </Group>
          </Stack>
        </Card>
      ))}
      <Group><Button variant="light" onClick={() => onChange([...value, { days: [], openTimes: [{ start: { hours: 9, minutes: 0 }, end: { hours: 18, minutes: 0 } }] }])}>Ajouter des jours</Button></Group>
    </Stack>
  );
}
