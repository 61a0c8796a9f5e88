/** Sign-in: e-mail and password; the server's French message is shown as it comes. */
import { useState, type FormEvent } from 'react';
import { Alert, Button, Center, Paper, PasswordInput, Stack, Text, TextInput, Title } from '@mantine/core';
import { errorMessage } from '../api.ts';
import { useSession } from './SessionProvider.tsx';

export function LoginPage() {
  const { login } = useSession();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    setError(null);
    setBusy(true);
    try {
      await login(email.trim(), password);
    } catch (e) {
      setError(errorMessage(e));
      setBusy(false);
    }
  }

  return (
    <Center mih="100vh" p="md">
      <Paper withBorder shadow="sm" p="xl" w="100%" maw={420}>
        <form onSubmit={submit} noValidate>
          <Stack>
            <div>
              <Title order={1} size="h2">Comptoir</Title>
              <Text c="dimmed" size="sm">Connectez-vous pour accéder à votre espace de gestion.</Text>
            </div>
            {error && <Alert color="red" title="Connexion impossible" role="alert">{error}</Alert>}
            <TextInput
              label="Adresse e-mail" type="email" autoComplete="username" required autoFocus
              value={email} onChange={(e) => setEmail(e.currentTarget.value)}
            />
            <PasswordInput
              label="Mot de passe" autoComplete="current-password" required
              value={password} onChange={(e) => setPassword(e.currentTarget.value)}
            />
            <Button type="submit" loading={busy} disabled={!email || !password}>Se connecter</Button>
          </Stack>
        </form>
      </Paper>
    </Center>
  );
}
