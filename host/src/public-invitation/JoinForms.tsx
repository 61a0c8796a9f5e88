/**
 * A visitor who is not signed in: create an account on the way (the invitation is the permission
 * to register), or sign in with an existing one and then join.
 */
import { useState } from 'react';
import { Alert, Button, PasswordInput, SimpleGrid, Stack, Tabs, Text, Textarea, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { applyApiError, errorMessage } from '@comptoir/sdk/ui';
import { signIn } from '../session/signIn.ts';
import { joinInvitation, type CheckAnswer } from './invitationApi.ts';

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export function JoinForms({ check, invitationKey, onSignedIn }: { check: CheckAnswer; invitationKey: string; onSignedIn(): void }) {
  return (
    <Tabs defaultValue="register" keepMounted={false}>
      <Tabs.List grow mb="md">
        <Tabs.Tab value="register">Créer un compte</Tabs.Tab>
        <Tabs.Tab value="login">J’ai déjà un compte</Tabs.Tab>
      </Tabs.List>
      <Tabs.Panel value="register"><RegisterForm check={check} invitationKey={invitationKey} onDone={onSignedIn} /></Tabs.Panel>
      <Tabs.Panel value="login"><LoginForm onDone={onSignedIn} /></Tabs.Panel>
    </Tabs>
  );
}

interface RegisterValues { firstname: string; name: string; email: string; password: string; description: string }

function RegisterForm({ check, invitationKey, onDone }: { check: CheckAnswer; invitationKey: string; onDone(): void }) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const manual = check.invitation.manualRequestChecking;
  const form = useForm<RegisterValues>({
    initialValues: { firstname: '', name: '', email: '', password: '', description: '' },
    validate: {
      email: (v) => (EMAIL.test(v.trim()) ? null : 'Adresse e-mail invalide.'),
      password: (v) => (v.length >= 8 ? null : 'Au moins 8 caractères.'),
    },
  });

  async function submit(v: RegisterValues) {
    setBusy(true);
    setError(null);
    try {
      const account = { email: v.email.trim(), password: v.password, firstname: v.firstname.trim() || undefined, name: v.name.trim() || undefined };
      await joinInvitation(invitationKey, { account, ...(v.description.trim() ? { description: v.description.trim() } : {}) });
      onDone();
    } catch (e) {
      setError(applyApiError(form, e, ['firstname', 'name', 'email', 'password', 'description'], {
        'account.email': 'email', 'account.password': 'password', 'account.firstname': 'firstname', 'account.name': 'name',
      }));
      setBusy(false);
    }
  }

  return (
    <form onSubmit={form.onSubmit((v) => void submit(v))} noValidate>
      <Stack>
        <SimpleGrid cols={{ base: 1, xs: 2 }}>
          <TextInput label="Prénom" autoComplete="given-name" {...form.getInputProps('firstname')} />
          <TextInput label="Nom" autoComplete="family-name" {...form.getInputProps('name')} />
        </SimpleGrid>
        <TextInput label="Adresse e-mail" type="email" required autoComplete="email" {...form.getInputProps('email')} />
        <PasswordInput label="Mot de passe" required autoComplete="new-password" description="Au moins 8 caractères." {...form.getInputProps('password')} />
        {manual && <Textarea label="Message pour l’entreprise" autosize minRows={2} maxLength={2000} {...form.getInputProps('description')} />}
        {manual && <Text size="sm" c="dimmed">Un administrateur de {check.companyName} validera votre demande.</Text>}
        {error && <Alert color="red" title="Impossible de continuer" role="alert">{error}</Alert>}
        <Button type="submit" loading={busy}>{manual ? 'Créer mon compte et envoyer ma demande' : `Créer mon compte et rejoindre ${check.companyName}`}</Button>
      </Stack>
    </form>
  );
}

function LoginForm({ onDone }: { onDone(): void }) {
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<unknown>(null);

  async function submit(event: React.FormEvent) {
    event.preventDefault();
    if (!email || !password) return;
    setBusy(true);
    setError(null);
    try {
      await signIn(email.trim(), password);
      onDone();
    } catch (e) {
      setError(e);
      setBusy(false);
    }
  }

  return (
    <form onSubmit={(e) => void submit(e)} noValidate>
      <Stack>
        <TextInput label="Adresse e-mail" type="email" required autoComplete="username" value={email} onChange={(e) => setEmail(e.currentTarget.value)} />
        <PasswordInput label="Mot de passe" required autoComplete="current-password" value={password} onChange={(e) => setPassword(e.currentTarget.value)} />
        {error !== null && <Alert color="red" title="Connexion impossible" role="alert">{errorMessage(error)}</Alert>}
        <Button type="submit" loading={busy} disabled={!email || !password}>Se connecter</Button>
      </Stack>
    </form>
  );
}
