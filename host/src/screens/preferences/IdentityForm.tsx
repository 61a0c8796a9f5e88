/** My name and e-mail (the e-mail is also my sign-in identifier). */
import { SimpleGrid, Stack, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import type { ComptoirUser } from '@comptoir/sdk/react';
import { Section, FormActions, useSubmit } from '@comptoir/sdk/ui';
import { useSaveMe } from './useSaveMe.ts';

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export function IdentityForm({ user }: { user: ComptoirUser }) {
  const saveMe = useSaveMe();
  const form = useForm({
    initialValues: { firstname: user.firstname ?? '', name: user.name ?? '', email: user.email },
    validate: { email: (v) => (EMAIL.test(v.trim()) ? null : 'Adresse e-mail invalide.') },
  });
  const submit = useSubmit(form, (v) => saveMe({ firstname: v.firstname.trim(), name: v.name.trim(), email: v.email.trim() }), {
    success: 'Vos informations sont enregistrées.',
  });

  return (
    <form onSubmit={form.onSubmit((v) => void submit.run(v))} noValidate>
      <Section title="Mon identité">
        <Stack>
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <TextInput label="Prénom" autoComplete="given-name" {...form.getInputProps('firstname')} />
            <TextInput label="Nom" autoComplete="family-name" {...form.getInputProps('name')} />
          </SimpleGrid>
          <TextInput
            label="Adresse e-mail" type="email" required autoComplete="email" maw={480}
            description="C’est aussi votre identifiant de connexion."
            {...form.getInputProps('email')}
          />
          <FormActions busy={submit.busy} dirty={form.isDirty()} error={submit.error} onReset={() => { form.reset(); submit.clearError(); }} />
        </Stack>
      </Section>
    </form>
  );
}
