/** The permissions of one category, with a box that checks or clears them all. */
import { Checkbox, Fieldset, Stack } from '@mantine/core';
import type { PermissionCategory } from './usePermissionCatalogue.ts';

export function PermissionCategoryBox({ group, value, onChange, disabled }: { group: PermissionCategory; value: readonly string[]; onChange(value: string[]): void; disabled: boolean }) {
  const names = group.permissions.map((p) => p.sysName);
  const held = names.filter((n) => value.includes(n)).length;
  const all = held === names.length;

  function toggleAll() {
    const others = value.filter((v) => !names.includes(v));
    onChange(all ? others : [...others, ...names]);
  }

  function toggle(name: string, checked: boolean) {
    onChange(checked ? [...value, name] : value.filter((v) => v !== name));
  }

  return (
    <Fieldset
      legend={<Checkbox label={group.category} fw={600} checked={disabled || all} indeterminate={!disabled && held > 0 && !all} onChange={toggleAll} disabled={disabled} />}
      variant="filled" p="sm"
    >
      <Stack gap="xs">
        {group.permissions.map((p) => (
          <Checkbox
            key={p.sysName} label={p.name} description={p.description} disabled={disabled}
            checked={disabled || value.includes(p.sysName)} onChange={(e) => toggle(p.sysName, e.currentTarget.checked)}
          />
        ))}
      </Stack>
    </Fieldset>
  );
}
