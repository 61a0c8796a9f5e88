/** POST /api/kernel/access-tokens: a named token for a script or another application. */
import { useState, type FormEvent } from 'react';
import { Alert, Button, Group, TextInput } from '@mantine/core';
import { useComptoir, useInvalidate } from '@comptoir/sdk/react';
import { errorMessage } from '../../api.ts';
import { fieldErrorsOf } from '@comptoir/sdk/ui';
import { TOKENS_PATH, type AccessTokenRow } from './sessionTypes.ts';

export function CreateTokenForm({ onCreated }: { onCreated(name: string, token: string): void }) {
  const { api } = useComptoir();
  const invalidate = useInvalidate();
  const [name, setName] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<unknown>(null);
  const nameError = fieldErrorsOf(error).find((d) => d.field === 'name')?.message;

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!name.trim()) return;
    setBusy(true);
    setError(null);
    try {
      const created = await api.post<AccessTokenRow & { token: string }>(TOKENS_PATH, { name: name.trim() });
      await invalidate(TOKENS_PATH);
      onCreated(created.name, created.token);
      setName('');
    } catch (e) {
      setError(e);
    } finally {
      setBusy(false);
    }
  }

  return (
    <form onSubmit={submit} noValidate>
      <Group align="flex-start" gap="xs">
        <TextInput
          aria-label="Nom du nouveau jeton" placeholder="Nom du jeton, par exemple « Export comptable »" w={{ base: '100%', sm: 360 }}
          value={name} onChange={(e) => setName(e.currentTarget.value)} error={nameError}
        />
        <Button type="submit" loading={busy} disabled={!name.trim()}>Créer un jeton</Button>
      </Group>
      {error !== null && !nameError && <Alert color="red" mt="sm" role="alert">{errorMessage(error)}</Alert>}
    </form>
  );
}
