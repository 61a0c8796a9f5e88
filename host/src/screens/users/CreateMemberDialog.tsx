/**
 * POST /api/kernel/users: a new account, member of the active company. A person who already has
 * an account is refused (409): they join through an invitation, never without their consent.
 */
import { useState } from 'react';
import { Alert, Button, Group, Modal, PasswordInput, SimpleGrid, Stack, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useComptoir, useInvalidate } from '@comptoir/sdk/react';
import { applyApiError, pathsOf, notifySaved } from '@comptoir/sdk/ui';
import { RoleCheckboxes } from './RoleCheckboxes.tsx';
import { USERS_PATH, type RoleRecord } from './userTypes.ts';

interface NewMember {
  email: string;
  firstname: string;
  name: string;
  password: string;
  roles: string[];
}

const EMPTY: NewMember = { email: '', firstname: '', name: '', password: '', roles: [] };
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export function CreateMemberDialog({ opened, onClose, roles }: { opened: boolean; onClose(): void; roles: readonly RoleRecord[] }) {
  const { api } = useComptoir();
  const invalidate = useInvalidate();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const form = useForm<NewMember>({
    initialValues: EMPTY,
    validate: {
      email: (v) => (EMAIL.test(v.trim()) ? null : 'Adresse e-mail invalide.'),
      password: (v) => (v.length >= 8 ? null : 'Au moins 8 caractères.'),
    },
  });

  function close() {
    form.reset();
    setError(null);
    onClose();
  }

  async function create(v: NewMember) {
    setBusy(true);
    setError(null);
    try {
      const body: Record<string, unknown> = { email: v.email.trim(), password: v.password, roles: v.roles };
      if (v.firstname.trim()) body.firstname = v.firstname.trim();
      if (v.name.trim()) body.name = v.name.trim();
      await api.post(USERS_PATH, body);
      await invalidate(USERS_PATH);
      notifySaved(`Le compte de ${v.email.trim()} est créé.`);
      close();
    } catch (e) {
      setError(applyApiError(form, e, pathsOf(EMPTY)));
    } finally {
      setBusy(false);
    }
  }

  return (
    <Modal opened={opened} onClose={close} title="Ajouter un membre" size="lg">
      <form onSubmit={form.onSubmit((v) => void create(v))} noValidate autoComplete="off">
        <Stack>
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <TextInput label="Prénom" data-autofocus {...form.getInputProps('firstname')} />
            <TextInput label="Nom" {...form.getInputProps('name')} />
          </SimpleGrid>
          <TextInput label="Adresse e-mail" type="email" required autoComplete="off" {...form.getInputProps('email')} />
          <PasswordInput
            label="Mot de passe provisoire" required autoComplete="new-password"
            description="Au moins 8 caractères ; la personne pourra le changer dans ses préférences."
            {...form.getInputProps('password')}
          />
          <RoleCheckboxes roles={roles} value={form.values.roles} onChange={(v) => form.setFieldValue('roles', v)} error={form.errors.roles as string | undefined} />
          {error && <Alert color="red" title="Création impossible" role="alert">{error}</Alert>}
          <Group justify="flex-end">
            <Button variant="default" onClick={close} disabled={busy}>Annuler</Button>
            <Button type="submit" loading={busy}>Créer le compte</Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
