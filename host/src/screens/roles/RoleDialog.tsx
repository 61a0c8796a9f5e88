/** Create (POST) or edit (PUT) a role of the active company: its name, « tous les droits », its permissions. */
import { useState } from 'react';
import { Alert, Button, Group, Loader, Modal, ScrollArea, Stack, Switch, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useQueryClient } from '@tanstack/react-query';
import { useComptoir } from '@comptoir/sdk/react';
import { errorMessage } from '../../api.ts';
import { applyApiError, notifySaved } from '@comptoir/sdk/ui';
import { ROLES_PATH, type RoleRecord } from '../users/userTypes.ts';
import { byCategory, usePermissionCatalogue } from './usePermissionCatalogue.ts';
import { PermissionCategoryBox } from './PermissionCategoryBox.tsx';

interface RoleValues {
  name: string;
  god: boolean;
  permissions: string[];
}

export function RoleDialog({ role, onClose }: { role: RoleRecord | null; onClose(): void }) {
  const { api } = useComptoir();
  const queries = useQueryClient();
  const catalogue = usePermissionCatalogue();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const form = useForm<RoleValues>({
    initialValues: { name: role?.name ?? '', god: role?.god ?? false, permissions: [...(role?.permissions ?? [])] },
    validate: { name: (v) => (v.trim() ? null : 'Le nom du rôle est obligatoire.') },
  });
  const groups = byCategory(catalogue.data ?? []);

  async function save(v: RoleValues) {
    setBusy(true);
    setError(null);
    try {
      // only what the catalogue still declares: a permission of a removed plugin would be refused
      const known = new Set(groups.flatMap((g) => g.permissions.map((p) => p.sysName)));
      const body = { name: v.name.trim(), god: v.god, permissions: v.permissions.filter((p) => known.has(p)) };
      if (role) await api.put(`${ROLES_PATH}/${encodeURIComponent(role._id)}`, body);
      else await api.post(ROLES_PATH, body);
      await queries.invalidateQueries({ queryKey: ['kernel', 'roles'] });
      // my own permissions may have changed with this role
      void queries.invalidateQueries({ queryKey: ['kernel', 'auth', 'me'] });
      notifySaved(role ? `Le rôle « ${body.name} » est enregistré.` : `Le rôle « ${body.name} » est créé.`);
      onClose();
    } catch (e) {
      setError(applyApiError(form, e, ['name', 'god', 'permissions']));
    } finally {
      setBusy(false);
    }
  }

  return (
    <Modal opened onClose={() => !busy && onClose()} title={role ? `Modifier le rôle « ${role.name} »` : 'Nouveau rôle'} size="xl" scrollAreaComponent={ScrollArea.Autosize}>
      <form onSubmit={form.onSubmit((v) => void save(v))} noValidate>
        <Stack>
          <TextInput label="Nom du rôle" required data-autofocus placeholder="Comptable, Vendeur…" {...form.getInputProps('name')} />
          <Switch
            label="Tous les droits dans l’entreprise"
            description="Toutes les permissions de l’entreprise, y compris celles des modules ajoutés plus tard."
            {...form.getInputProps('god', { type: 'checkbox' })}
          />
          <Text fw={600} size="sm">Permissions</Text>
          {form.errors.permissions && <Text c="red" size="sm">{form.errors.permissions}</Text>}
          {catalogue.isPending && <Loader size="sm" />}
          {catalogue.isError && <Alert color="red">{errorMessage(catalogue.error)}</Alert>}
          {groups.map((g) => (
            <PermissionCategoryBox key={g.category} group={g} value={form.values.permissions} disabled={form.values.god}
              onChange={(v) => form.setFieldValue('permissions', v)} />
          ))}
          {error && <Alert color="red" title="Enregistrement impossible" role="alert">{error}</Alert>}
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose} disabled={busy}>Annuler</Button>
            <Button type="submit" loading={busy}>{role ? 'Enregistrer' : 'Créer le rôle'}</Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
