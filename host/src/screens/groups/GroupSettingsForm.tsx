/** mode / maxDepth / multi of one collection's groups (PUT /api/kernel/group-settings). */
import { Alert, Button, Group, NumberInput, SegmentedControl, Stack, Switch, Text } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useComptoir, useInvalidate } from '@comptoir/sdk/react';
import { useSubmit } from '@comptoir/sdk/ui';
import { GROUPS_PATH, GROUP_SETTINGS_PATH, type GroupSettings } from './groupTypes.ts';

export function GroupSettingsForm({ pluginIdentifier, settings, canManage }: { pluginIdentifier: string; settings: GroupSettings; canManage: boolean }) {
  const { api } = useComptoir();
  const invalidate = useInvalidate();
  const form = useForm<GroupSettings>({ initialValues: settings });
  const submit = useSubmit(form, async (v) => {
    await api.put(GROUP_SETTINGS_PATH, { pluginIdentifier, ...v });
    await invalidate(GROUPS_PATH);
  }, { success: 'Réglages des groupes enregistrés.' });

  return (
    <form onSubmit={form.onSubmit((v) => void submit.run(v))} aria-label="Réglages des groupes">
      <Stack gap="sm">
        <div>
          <Text size="sm" fw={500} mb={4}>Organisation</Text>
          <SegmentedControl
            disabled={!canManage}
            data={[{ value: 'tree', label: 'Arborescence' }, { value: 'flat', label: 'Liste à plat' }]}
            {...form.getInputProps('mode')}
          />
        </div>
        <NumberInput
          label="Profondeur maximale" description="Nombre de niveaux, le groupe racine compris (1 à 20)." min={1} max={20} w={260}
          disabled={!canManage || form.values.mode === 'flat'} {...form.getInputProps('maxDepth')}
        />
        <Switch
          label="Un élément peut appartenir à plusieurs groupes" disabled={!canManage}
          {...form.getInputProps('multi', { type: 'checkbox' })}
        />
        {submit.error && <Alert color="red" title="Enregistrement impossible" role="alert">{submit.error}</Alert>}
        {canManage && (
          <Group justify="flex-end">
            <Button type="submit" variant="light" loading={submit.busy} disabled={!form.isDirty()}>Enregistrer les réglages</Button>
          </Group>
        )}
      </Stack>
    </form>
  );
}
