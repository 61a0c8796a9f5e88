/** POST /api/kernel/users/:id/password: the current password, then the new one twice. */
import { PasswordInput, SimpleGrid, Stack } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useComptoir } from '@comptoir/sdk/react';
import { Section, FormActions, useSubmit } from '@comptoir/sdk/ui';

const EMPTY = { currentPassword: '', newPassword: '', confirmation: '' };

export function PasswordForm() {
  const { api, user } = useComptoir();
  const form = useForm({
    initialValues: EMPTY,
    validate: {
      currentPassword: (v) => (v ? null : 'Saisissez votre mot de passe actuel.'),
      newPassword: (v) => (v.length >= 8 ? null : 'Au moins 8 caractères.'),
      confirmation: (v, values) => (v === values.newPassword ? null : 'Les deux mots de passe ne sont pas identiques.'),
    },
  });
  const submit = useSubmit(form, async (v) => {
    await api.post(`/kernel/users/${encodeURIComponent(user!._id)}/password`, { currentPassword: v.currentPassword, newPassword: v.newPassword });
    form.setInitialValues(EMPTY);
    form.reset();
  }, { success: 'Votre mot de passe est changé.', keepValues: false });

  return (
    <form onSubmit={form.onSubmit((v) => void submit.run(v))} noValidate>
      <Section title="Mot de passe">
        <Stack>
          <PasswordInput label="Mot de passe actuel" autoComplete="current-password" maw={420} {...form.getInputProps('currentPassword')} />
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <PasswordInput label="Nouveau mot de passe" description="Au moins 8 caractères" autoComplete="new-password" {...form.getInputProps('newPassword')} />
            <PasswordInput label="Confirmation du nouveau mot de passe" autoComplete="new-password" {...form.getInputProps('confirmation')} />
          </SimpleGrid>
          <FormActions busy={submit.busy} dirty={form.isDirty()} error={submit.error} onReset={() => { form.reset(); submit.clearError(); }} />
        </Stack>
      </Section>
    </form>
  );
}
