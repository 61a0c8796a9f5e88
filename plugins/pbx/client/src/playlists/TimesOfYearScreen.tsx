/** `periodes`: periods of the year (holidays, closures) that playlists and routing read. */
import { Badge, Checkbox, Group, NumberInput, Text, TextInput } from '@mantine/core';

import { TIMES_OF_YEAR, formatPoint, type TimeOfYear } from '../api.ts';
import { RecordsScreen, type UseFormReturnType } from '../common/RecordsScreen.tsx';

const PARTS = [['day', 'Jour'], ['month', 'Mois'], ['year', 'Année'], ['hours', 'Heure'], ['minutes', 'Minute'], ['seconds', 'Seconde']] as const;
type Part = (typeof PARTS)[number][0];
type Point = Record<Part, number | ''>;
interface Values { name: string; enabled: boolean; start: Point; end: Point }

const pointOf = (p: TimeOfYear['start'] | undefined): Point =>
  Object.fromEntries(PARTS.map(([k]) => [k, p?.[k] ?? ''])) as Point;
/** empty inputs are missing parts (« every year », « all day ») */
const bodyPoint = (p: Point) => Object.fromEntries(PARTS.flatMap(([k]) => (p[k] === '' ? [] : [[k, Number(p[k])]])));

function PointInputs({ form, which, legend }: { form: UseFormReturnType<Values>; which: 'start' | 'end'; legend: string }) {
  return (
    <fieldset style={{ border: 0, padding: 0, margin: 0 }}>
      <Text component="legend" fw={500} size="sm">{legend}</Text>
      <Group gap="xs" grow>
        {PARTS.map(([k, label]) => <NumberInput key={k} label={label} allowDecimal={false} min={0} {...form.getInputProps(`${which}.${k}`)} />)}
      </Group>
    </fieldset>
  );
}

export function TimesOfYearScreen() {
  return (
    <RecordsScreen<TimeOfYear, Values>
      testId="pbx-times-of-year" title="Périodes de l’année" path={TIMES_OF_YEAR} noun={['période', 'périodes']} addLabel="Nouvelle période"
      description="Congés, fêtes, fermetures : une partie laissée vide vaut pour toutes (sans année : chaque année)."
      saved="La période est enregistrée."
      name={(r) => r.name} sortField="name" empty="Aucune période pour l’instant."
      columns={[
        { label: 'Nom', field: 'name', render: (r) => r.name },
        { label: 'Début', render: (r) => formatPoint(r.start) },
        { label: 'Fin', render: (r) => formatPoint(r.end) },
        { label: 'État', render: (r) => (r.enabled ? <Badge>Active</Badge> : <Badge color="gray">Inactive</Badge>) },
      ]}
      valuesOf={(r) => ({ name: r?.name ?? '', enabled: r?.enabled ?? true, start: pointOf(r?.start), end: pointOf(r?.end) })}
      bodyOf={(v) => ({ name: v.name, enabled: v.enabled, start: bodyPoint(v.start), end: bodyPoint(v.end) })}
      fields={(form) => (
        <>
          <TextInput label="Nom" required {...form.getInputProps('name')} />
          <PointInputs form={form} which="start" legend="Début" />
          <PointInputs form={form} which="end" legend="Fin" />
          <Checkbox label="Active" {...form.getInputProps('enabled', { type: 'checkbox' })} />
        </>
      )}
    />
  );
}
