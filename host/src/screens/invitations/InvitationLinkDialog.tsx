/**
 * The link of an invitation, right after its creation or a « Nouveau lien »: the server keeps only
 * a hash of its key, so this is the one moment it can be copied or sent by e-mail.
 */
import { useState } from 'react';
import { Alert, Button, Code, CopyButton, Group, Modal, Stack, TagsInput, Text } from '@mantine/core';
import { useComptoir } from '@comptoir/sdk/react';
import { errorMessage } from '../../api.ts';
import { notifySaved } from '@comptoir/sdk/ui';
import { INVITATIONS_PATH, invitationLink, type InvitationWithKey } from './invitationTypes.ts';

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export function InvitationLinkDialog({ invitation, onClose }: { invitation: InvitationWithKey; onClose(): void }) {
  const { api } = useComptoir();
  const link = invitationLink(invitation.path);
  const [emails, setEmails] = useState<string[]>([]);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<unknown>(null);
  const wrong = emails.filter((e) => !EMAIL.test(e));

  async function send() {
    setBusy(true);
    setError(null);
    try {
      await api.post(`${INVITATIONS_PATH}/${encodeURIComponent(invitation._id)}/send`, { key: invitation.key, emails });
      notifySaved(emails.length > 1 ? `L’invitation part par e-mail à ${emails.length} adresses.` : `L’invitation part par e-mail à ${emails[0]}.`);
      setEmails([]);
    } catch (e) {
      setError(e);
    } finally {
      setBusy(false);
    }
  }

  return (
    <Modal opened onClose={() => !busy && onClose()} title={`Lien de l’invitation « ${invitation.name} »`} size="lg">
      <Stack>
        <Text size="sm">
          Copiez ce lien maintenant ou envoyez-le par e-mail : pour votre sécurité, il ne sera plus affiché.
          Vous pourrez toujours créer un nouveau lien, qui remplacera celui-ci.
        </Text>
        <Code block data-testid="invitation-link" style={{ wordBreak: 'break-all', whiteSpace: 'pre-wrap' }}>{link}</Code>
        <Group>
          <CopyButton value={link}>
            {({ copied, copy }) => <Button color={copied ? 'teal' : 'indigo'} onClick={copy}>{copied ? 'Lien copié !' : 'Copier le lien'}</Button>}
          </CopyButton>
        </Group>
        <TagsInput
          label="Envoyer par e-mail" description="Une ou plusieurs adresses ; validez chacune avec Entrée."
          placeholder="prenom.nom@exemple.fr" value={emails} onChange={setEmails} splitChars={[',', ' ', ';']} clearable
          error={wrong.length ? `Adresse invalide : ${wrong.join(', ')}` : undefined}
        />
        {error !== null && <Alert color="red" title="Envoi impossible" role="alert">{errorMessage(error)}</Alert>}
        <Group justify="flex-end">
          <Button variant="light" onClick={() => void send()} loading={busy} disabled={emails.length === 0 || wrong.length > 0}>Envoyer</Button>
          <Button variant="default" onClick={onClose} disabled={busy}>Terminé</Button>
        </Group>
      </Stack>
    </Modal>
  );
}
