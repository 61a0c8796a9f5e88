/**
 * The mail server the company sends its e-mails through (schemas README « SMTPSettings », port 465 and
 * implicit TLS by default). The password is write-only: the API never returns it, only `passSet`;
 * an empty field keeps the stored one.
 */
import { Group, NumberInput, PasswordInput, SimpleGrid, Stack, Switch, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useQueryClient } from '@tanstack/react-query';
import { useComptoir } from '@comptoir/sdk/react';
import { Section, FormActions, useSubmit } from '@comptoir/sdk/ui';

export interface SmtpRecord {
  host?: string;
  port?: number;
  secure?: boolean;
  auth?: { user?: string; passSet?: boolean };
  configured?: boolean;
}

interface SmtpValues {
  host: string;
  port: number | string;
  secure: boolean;
  auth: { user: string; pass: string };
}

export const smtpKey = (companyId: string | undefined) => ['kernel', 'smtp-settings', companyId ?? null] as const;

function smtpBody(v: SmtpValues): Record<string, unknown> {
  const body: Record<string, unknown> = { host: v.host.trim(), port: Number(v.port), secure: v.secure };
  const user = v.auth.user.trim();
  if (user || v.auth.pass) body.auth = v.auth.pass ? { user, pass: v.auth.pass } : { user };
  return body;
}

export function SmtpSettingsForm({ smtp }: { smtp: SmtpRecord }) {
  const { api, company } = useComptoir();
  const queries = useQueryClient();
  const passSet = smtp.auth?.passSet === true;
  const form = useForm<SmtpValues>({
    initialValues: { host: smtp.host ?? '', port: smtp.port ?? 465, secure: smtp.secure ?? true, auth: { user: smtp.auth?.user ?? '', pass: '' } },
    validate: {
      host: (h) => (h.trim() ? null : 'Le serveur est obligatoire.'),
      port: (p) => (Number.isInteger(Number(p)) && Number(p) >= 1 && Number(p) <= 65535 ? null : 'Port entre 1 et 65535.'),
    },
  });
  const submit = useSubmit(form, async (v) => {
    const saved = await api.put<SmtpRecord>('/kernel/smtp-settings', smtpBody(v));
    queries.setQueryData(smtpKey(company?._id), saved);
    // the password is never shown again: the field empties, « mot de passe enregistré » says it is kept
    form.setFieldValue('auth.pass', '');
    form.setInitialValues({ ...v, auth: { ...v.auth, pass: '' } });
    form.resetDirty({ ...v, auth: { ...v.auth, pass: '' } });
  }, { success: 'Les paramètres SMTP sont enregistrés.', keepValues: false });

  return (
    <form onSubmit={form.onSubmit((v) => void submit.run(v))} noValidate autoComplete="off">
      <Stack gap="lg">
        <Section title="Serveur d’envoi des e-mails (SMTP)" description={smtp.configured ? 'Les e-mails de l’entreprise partent par ce serveur.' : 'Aucun serveur n’est encore configuré : renseignez celui de votre fournisseur de messagerie.'}>
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <TextInput label="Serveur" placeholder="smtp.exemple.fr" required {...form.getInputProps('host')} />
            <Group align="flex-end" wrap="nowrap">
              <NumberInput label="Port" min={1} max={65535} allowDecimal={false} allowNegative={false} w={120} {...form.getInputProps('port')} />
              <Switch
                label="Connexion chiffrée (TLS)" mb={8}
                description={form.values.secure ? 'En général port 465' : 'STARTTLS si proposé, en général port 587'}
                {...form.getInputProps('secure', { type: 'checkbox' })}
              />
            </Group>
            <TextInput label="Identifiant" autoComplete="off" {...form.getInputProps('auth.user')} />
            <PasswordInput
              label="Mot de passe" autoComplete="new-password"
              placeholder={passSet ? '•••••••• (mot de passe enregistré)' : ''}
              description={passSet ? 'Mot de passe enregistré : laissez vide pour le conserver.' : 'Aucun mot de passe enregistré.'}
              {...form.getInputProps('auth.pass')}
            />
          </SimpleGrid>
        </Section>
        <FormActions busy={submit.busy} dirty={form.isDirty()} error={submit.error} onReset={() => { form.reset(); submit.clearError(); }} />
      </Stack>
    </form>
  );
}
