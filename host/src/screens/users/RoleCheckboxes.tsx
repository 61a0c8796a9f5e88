/** A choice of roles of the company, « tous les droits » marked. */
import { Checkbox, Stack, Text } from '@mantine/core';
import type { RoleRecord } from './userTypes.ts';

export function RoleCheckboxes({ roles, value, onChange, error }: { roles: readonly RoleRecord[]; value: string[]; onChange(value: string[]): void; error?: string }) {
  if (roles.length === 0) return <Text size="sm" c="dimmed">Aucun rôle n’est défini dans cette entreprise.</Text>;
  return (
    <Checkbox.Group label="Rôles dans l’entreprise" value={value} onChange={onChange} error={error}>
      <Stack gap="xs" mt="xs">
        {roles.map((r) => (
          <Checkbox key={r._id} value={r._id} label={r.name}
            description={r.god ? 'Tous les droits dans l’entreprise' : `${r.permissions.length} permission${r.permissions.length > 1 ? 's' : ''}`} />
        ))}
      </Stack>
    </Checkbox.Group>
  );
}
