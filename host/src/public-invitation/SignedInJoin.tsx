/** A signed-in visitor who is not a member: join (or ask to join) as themselves, or sign out. */
import { useState } from 'react';
import { Alert, Anchor, Button, Stack, Text, Textarea } from '@mantine/core';
import { errorMessage } from '@comptoir/sdk/ui';
import { joinInvitation, type CheckAnswer } from './invitationApi.ts';
import type { Visitor } from './useVisitor.ts';

export interface SignedInJoinProps {
  check: CheckAnswer;
  visitor: Visitor;
  invitationKey: string;
  onJoined(): void;
  onSignOut(): Promise<void>;
}

export function SignedInJoin({ check, visitor, invitationKey, onJoined, onSignOut }: SignedInJoinProps) {
  const [description, setDescription] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<unknown>(null);
  const manual = check.invitation.manualRequestChecking;

  async function join() {
    setBusy(true);
    setError(null);
    try {
      await joinInvitation(invitationKey, description.trim() ? { description: description.trim() } : {});
      onJoined();
    } catch (e) {
      setError(e);
      setBusy(false);
    }
  }

  return (
    <Stack>
      <Text size="sm">Connecté en tant que <strong>{visitor.user.email}</strong>.</Text>
      {manual && <Textarea label="Message pour l’entreprise" autosize minRows={2} maxLength={2000} value={description} onChange={(e) => setDescription(e.currentTarget.value)} />}
      {manual && <Text size="sm" c="dimmed">Un administrateur de {check.companyName} validera votre demande.</Text>}
      {error !== null && <Alert color="red" title="Impossible de continuer" role="alert">{errorMessage(error)}</Alert>}
      <Button onClick={() => void join()} loading={busy}>{manual ? `Demander à rejoindre ${check.companyName}` : `Rejoindre ${check.companyName}`}</Button>
      <Text size="sm" c="dimmed">
        Ce n’est pas vous ? <Anchor component="button" type="button" size="sm" onClick={() => void onSignOut()}>Se déconnecter</Anchor>
      </Text>
    </Stack>
  );
}
