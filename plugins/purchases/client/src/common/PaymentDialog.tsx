/**
 * « Enregistrer un paiement » of a purchase or an online order: mode, amount (what is still due by
 * default; negative for a refund) and date. The server answers the document recomputed.
 */
import { useState } from 'react';
import { Alert, Button, Group, Modal, NumberInput, Select, Stack } from '@mantine/core';
import { DateInput } from '@mantine/dates';
import { noonOf, today, useComptoir, useInvalidate } from '@comptoir/sdk/react';
import { errorMessage, notifySaved } from '@comptoir/sdk/ui';
import { toDecimal } from '@comptoir/sdk/commerce';
import { PAYMENT_MODE_OPTIONS } from './paymentModes.ts';

export function PaymentDialog({ title, path, collection, due, opened, onClose }: {
  title: string;
  /** `POST <path>` records the payment */
  path: string;
  /** the collection whose lists and entities are refreshed */
  collection: string;
  due: number;
  opened: boolean;
  onClose(): void;
}) {
  const { api } = useComptoir();
  const invalidate = useInvalidate();
  const [mode, setMode] = useState<string>('transfer');
  const [amount, setAmount] = useState<number | string>(due);
  const [day, setDay] = useState<string>(today());
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  async function record() {
    const value = toDecimal(amount);
    if (value === null || value.isZero()) {
      setError('Indiquez un montant différent de zéro.');
      return;
    }
    setBusy(true);
    setError(null);
    try {
      const date = day === today() ? new Date().toISOString() : noonOf(day);
      await api.post(path, { mode, amount: value.toNumber(), date });
      await invalidate(collection);
      notifySaved(value.isNegative() ? 'Le remboursement est enregistré.' : 'Le paiement est enregistré.');
      onClose();
    } catch (e) {
      setError(errorMessage(e));
    } finally {
      setBusy(false);
    }
  }

  return (
    <Modal opened={opened} onClose={() => !busy && onClose()} title={title} centered>
      <Stack>
        <Select label="Mode de paiement" data={PAYMENT_MODE_OPTIONS} value={mode} allowDeselect={false} onChange={(m) => m && setMode(m)} />
        <NumberInput label="Montant" description="Un montant négatif enregistre un remboursement du fournisseur." decimalSeparator="," thousandSeparator={'\u202f'}
          decimalScale={2} suffix=" €" value={amount} onChange={setAmount} data-autofocus />
        <DateInput label="Date du paiement" valueFormat="DD/MM/YYYY" value={day} onChange={(d) => d && setDay(d)} />
        {error && <Alert color="red" role="alert">{error}</Alert>}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose} disabled={busy}>Annuler</Button>
          <Button onClick={() => void record()} loading={busy}>Enregistrer le paiement</Button>
        </Group>
      </Stack>
    </Modal>
  );
}
