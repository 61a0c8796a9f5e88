/**
 * « Envoyer par e-mail »: to the addresses typed, or — left empty — to the customer's contacts
 * flagged as receivers (else the customer's address), with an optional message; an invoice goes
 * with its Factur-X PDF and XML, a quotation with its PDF. The server answers who it was queued
 * for; the delivery shows in « Historique ». An invoice sent as a plain PDF (its Factur-X lacks
 * data) keeps the dialog open on the server's warning, which says what to complete.
 */
import { useState } from 'react';
import { Alert, Button, Group, Modal, Stack, TagsInput, Textarea } from '@mantine/core';
import { useComptoir } from '@comptoir/sdk/react';
import { errorMessage, notifySaved } from '@comptoir/sdk/ui';

interface SendAnswer { _id: string; mail: string; to: string[]; warning?: string }

interface Props {
  /** the document's send route, without /api */
  path: string;
  /** « la facture », « le devis » */
  what: string;
  /** the receivers named by default, shown as the placeholder */
  receiversHint: string;
}

export function SendButton(props: Props) {
  const [opened, setOpened] = useState(false);
  return (
    <>
      <Button variant="light" onClick={() => setOpened(true)}>Envoyer par e-mail</Button>
      {opened && <SendDialog {...props} onClose={() => setOpened(false)} />}
    </>
  );
}

function SendDialog({ path, what, receiversHint, onClose }: Props & { onClose(): void }) {
  const { api } = useComptoir();
  const [to, setTo] = useState<string[]>([]);
  const [message, setMessage] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<unknown>(null);
  const [warning, setWarning] = useState<string | null>(null);

  async function send() {
    setBusy(true);
    setError(null);
    try {
      const answer = await api.post<SendAnswer>(path, { ...(to.length ? { to } : {}), ...(message.trim() ? { message } : {}) });
      notifySaved(`E-mail mis en file d’envoi à ${answer.to.join(', ')}.`);
      if (answer.warning) setWarning(answer.warning);
      else onClose();
    } catch (e) {
      setError(e);
    } finally {
      setBusy(false);
    }
  }

  return (
    <Modal opened onClose={() => { if (!busy) onClose(); }} title={`Envoyer ${what} par e-mail`} size="lg" centered>
      <Stack gap="sm" data-testid="invoicing-send-dialog">
        <TagsInput
          label="Destinataires" description={`Laissez vide pour l’envoyer ${receiversHint}.`} placeholder="adresse@exemple.fr"
          value={to} onChange={setTo} splitChars={[',', ' ', ';']} clearable
        />
        <Textarea label="Message (facultatif)" autosize minRows={3} maxRows={8} value={message} onChange={(e) => setMessage(e.currentTarget.value)} />
        {error !== null && <Alert color="red" title="Envoi impossible" role="alert">{errorMessage(error)}</Alert>}
        {warning !== null && <Alert color="orange" title="Envoyée sans Factur-X" role="status" data-testid="invoicing-send-warning">{warning}</Alert>}
        <Group justify="flex-end">
          {warning !== null ? <Button onClick={onClose}>Fermer</Button> : (
            <>
              <Button variant="default" onClick={onClose} disabled={busy}>Annuler</Button>
              <Button onClick={() => void send()} loading={busy}>Envoyer</Button>
            </>
          )}
        </Group>
      </Stack>
    </Modal>
  );
}
