/** The choices of a « Liste de choix »: label, stored value, hidden (kept for old records, no longer offered). */
import { ActionIcon, Button, Checkbox, Group, Stack, Text, TextInput } from '@mantine/core';
import type { UserPropSelectOption } from '@comptoir/schemas';
import { variableOf } from './userPropForm.ts';

export function SelectOptionsEditor({ value, onChange, error }: { value: UserPropSelectOption[]; onChange(v: UserPropSelectOption[]): void; error?: string }) {
  const set = (i: number, change: Partial<UserPropSelectOption>) => onChange(value.map((o, j) => (j === i ? { ...o, ...change } : o)));
  return (
    <Stack gap="xs" data-testid="select-options">
      <Text fw={600} size="sm">Choix proposés</Text>
      {value.length === 0 && <Text size="sm" c="dimmed">Aucun choix pour l’instant.</Text>}
      {value.map((o, i) => (
        <Group key={i} gap="xs" align="flex-end" wrap="nowrap">
          <TextInput
            label={i === 0 ? 'Libellé' : undefined} aria-label={`Libellé du choix ${i + 1}`} value={o.label} style={{ flex: 2 }}
            onChange={(e) => {
              const label = e.currentTarget.value;
              // the stored value follows the label until it is edited
              set(i, { label, ...(o.value === '' || o.value === variableOf(o.label) ? { value: variableOf(label) } : {}) });
            }}
          />
          <TextInput label={i === 0 ? 'Valeur enregistrée' : undefined} aria-label={`Valeur du choix ${i + 1}`} value={o.value} style={{ flex: 1 }} onChange={(e) => set(i, { value: e.currentTarget.value })} />
          <Checkbox label="Masqué" checked={o.hidden} onChange={(e) => set(i, { hidden: e.currentTarget.checked })} mb={8} />
          <ActionIcon variant="subtle" color="red" aria-label={`Retirer le choix ${i + 1}`} onClick={() => onChange(value.filter((_, j) => j !== i))} mb={4}>✕</ActionIcon>
        </Group>
      ))}
      {error && <Text c="red" size="sm">{error}</Text>}
      <Group><Button variant="light" size="compact-sm" onClick={() => onChange([...value, { label: '', value: '', hidden: false }])}>Ajouter un choix</Button></Group>
    </Stack>
  );
}
