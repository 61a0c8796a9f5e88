/**
 * « Êtes-vous sûr ? » before a destructive call. The call runs from the dialog, which stays open
 * on failure and shows the server's message (a 409 explains why, in French).
 */
import { useState, type ReactNode } from 'react';
import { Alert, Button, Group, Modal, Stack, Text } from '@mantine/core';
import { errorMessage } from './errorMessage.ts';

export interface ConfirmDialogProps {
  opened: boolean;
  title: string;
  children: ReactNode;
  confirmLabel: string;
  onConfirm(): Promise<unknown>;
  onClose(): void;
}

export function ConfirmDialog({ opened, title, children, confirmLabel, onConfirm, onClose }: ConfirmDialogProps) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<unknown>(null);

  function close() {
    if (busy) return;
    setError(null);
    onClose();
  }

  async function confirm() {
    setBusy(true);
    setError(null);
    try {
      await onConfirm();
      setBusy(false);
      onClose();
    } catch (e) {
      setError(e);
      setBusy(false);
    }
  }

  return (
    <Modal opened={opened} onClose={close} title={title} centered>
      <Stack>
        {typeof children === 'string' ? <Text size="sm">{children}</Text> : children}
        {error !== null && <Alert color="red" role="alert">{errorMessage(error)}</Alert>}
        <Group justify="flex-end">
          <Button variant="default" onClick={close} disabled={busy}>Annuler</Button>
          <Button color="red" onClick={() => void confirm()} loading={busy}>{confirmLabel}</Button>
        </Group>
      </Stack>
    </Modal>
  );
}
