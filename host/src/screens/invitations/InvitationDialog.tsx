/**
 * Create (POST) or edit (PUT) an invitation: its name and note, the roles it grants, how many
 * people may use it (0 = no limit), whether each request is checked by an administrator, and
 * whether the link works at all. A creation answers the link's key, handed to `onCreated`.
 */
import { useState } from 'react';
import { Alert, Button, Group, Modal, MultiSelect, NumberInput, Stack, Switch, Textarea, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useComptoir, useInvalidate } from '@comptoir/sdk/react';
import { applyApiError, notifySaved } from '@comptoir/sdk/ui';
import { useCompanyRoles } from '../users/useCompanyRoles.ts';
import { INVITATIONS_PATH, type InvitationRecord, type InvitationWithKey } from './invitationTypes.ts';

interface InvitationValues {
  name: string;
  description: string;
  roles: string[];
  maxUsage: number | string;
  manualRequestChecking: boolean;
  active: boolean;
}

export interface InvitationDialogProps {
  invitation: InvitationRecord | null;
  onClose(): void;
  onCreated(created: InvitationWithKey): void;
}

export function InvitationDialog({ invitation, onClose, onCreated }: InvitationDialogProps) {
  const { api } = useComptoir();
  const invalidate = useInvalidate();
  const roles = useCompanyRoles();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const form = useForm<InvitationValues>({
    initialValues: {
      name: invitation?.name ?? '',
      description: invitation?.description ?? '',
      roles: [...(invitation?.fk.roles ?? [])],
      maxUsage: invitation?.maxUsage ?? 0,
      manualRequestChecking: invitation?.manualRequestChecking ?? true,
      active: invitation?.active ?? true,
    },
    validate: {
      name: (v) => (v.trim() ? null : 'Le nom de l’invitation est obligatoire.'),
      maxUsage: (v) => (Number.isInteger(Number(v)) && Number(v) >= 0 ? null : 'Un nombre entier, 0 pour illimité.'),
    },
  });

  async function save(v: InvitationValues) {
    setBusy(true);
    setError(null);
    try {
      const body = {
        name: v.name.trim(), description: v.description.trim(), maxUsage: Number(v.maxUsage),
        manualRequestChecking: v.manualRequestChecking, active: v.active, fk: { roles: v.roles },
      };
      if (invitation) {
        await api.put(`${INVITATIONS_PATH}/${encodeURIComponent(invitation._id)}`, body);
        notifySaved(`L’invitation « ${body.name} » est enregistrée.`);
      } else {
        onCreated(await api.post<InvitationWithKey>(INVITATIONS_PATH, body));
      }
      await invalidate(INVITATIONS_PATH);
      onClose();
    } catch (e) {
      setError(applyApiError(form, e, ['name', 'description', 'roles', 'maxUsage', 'manualRequestChecking', 'active'], { 'fk.roles': 'roles' }));
    } finally {
      setBusy(false);
    }
  }

  const options = (roles.data?.data ?? []).map((r) => ({ value: r._id, label: r.god ? `${r.name} (tous les droits)` : r.name }));

  return (
    <Modal opened onClose={() => !busy && onClose()} title={invitation ? `Modifier l’invitation « ${invitation.name} »` : 'Nouvelle invitation'} size="lg">
      <form onSubmit={form.onSubmit((v) => void save(v))} noValidate>
        <Stack>
          <TextInput label="Nom de l’invitation" required data-autofocus placeholder="Équipe boutique, Saisonniers 2026…" {...form.getInputProps('name')} />
          <Textarea label="Note" description="Pour vous y retrouver ; elle est aussi montrée à la personne invitée." autosize minRows={2} {...form.getInputProps('description')} />
          <MultiSelect
            label="Rôles donnés" description="Les rôles que recevra chaque personne acceptée."
            data={options} searchable clearable nothingFoundMessage="Aucun rôle" placeholder={options.length ? 'Choisir des rôles' : 'Aucun rôle défini'}
            {...form.getInputProps('roles')}
          />
          <NumberInput
            label="Nombre maximal d’utilisations" description="0 : illimité. Compte les personnes acceptées."
            min={0} allowDecimal={false} allowNegative={false} thousandSeparator=" " {...form.getInputProps('maxUsage')}
          />
          <Switch
            label="Valider chaque demande"
            description="Les personnes attendent qu’un administrateur accepte leur demande ; sinon elles entrent aussitôt."
            {...form.getInputProps('manualRequestChecking', { type: 'checkbox' })}
          />
          <Switch label="Lien actif" description="Un lien inactif n’ouvre plus rien, sans être supprimé." {...form.getInputProps('active', { type: 'checkbox' })} />
          {error && <Alert color="red" title="Enregistrement impossible" role="alert">{error}</Alert>}
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose} disabled={busy}>Annuler</Button>
            <Button type="submit" loading={busy}>{invitation ? 'Enregistrer' : 'Créer l’invitation'}</Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
