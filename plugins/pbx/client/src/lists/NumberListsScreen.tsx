/** `numeros`: the lists of numbers the « Listes de numéros » node looks callers up in. */
import { Badge, ColorInput, Textarea, TextInput } from '@mantine/core';
import { NUMBER_LISTS, linesOf, type CallNumberList } from '../api.ts';
import { RecordsScreen } from '../common/RecordsScreen.tsx';

interface Values { name: string; description: string; numbers: string; color: string }

export function NumberListsScreen() {
  return (
    <RecordsScreen<CallNumberList, Values>
      testId="pbx-number-lists" title="Numéros et listes" path={NUMBER_LISTS} noun={['liste', 'listes']} addLabel="Nouvelle liste"
      description="Des listes de numéros (clients privilégiés, numéros bloqués…) que les files d’appels consultent."
      saved="La liste de numéros est enregistrée."
      name={(r) => r.name} sortField="name" empty="Aucune liste de numéros pour l’instant."
      columns={[
        { label: 'Nom', field: 'name', render: (r) => (r.color ? <Badge color={r.color} variant="light">{r.name}</Badge> : r.name) },
        { label: 'Numéros', render: (r) => `${r.numbers.length} numéro${r.numbers.length > 1 ? 's' : ''}` },
        { label: 'Description', render: (r) => r.description ?? '' },
      ]}
      valuesOf={(r) => ({ name: r?.name ?? '', description: r?.description ?? '', numbers: (r?.numbers ?? []).join('\n'), color: r?.color ?? '' })}
      bodyOf={(v) => ({ name: v.name, description: v.description, numbers: linesOf(v.numbers), ...(v.color ? { color: v.color } : {}) })}
      fields={(form) => (
        <>
          <TextInput label="Nom" required {...form.getInputProps('name')} />
          <Textarea label="Numéros" description="Un numéro par ligne (chiffres, + au début)." autosize minRows={4} {...form.getInputProps('numbers')} />
          <ColorInput label="Couleur" format="hex" {...form.getInputProps('color')} />
          <Textarea label="Description" {...form.getInputProps('description')} />
        </>
      )}
    />
  );
}
