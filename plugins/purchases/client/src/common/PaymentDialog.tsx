/**
 * « Enregistrer un paiement » of a purchase or an online order: mode, amount (what is still due by
 * default; negative for a refund) and date. The server answers the document recomputed. As on
 * invoices (`paymentRefusal` of the engine): a refund above what was paid is refused, more than
 * what remains needs the « trop-payé » box ticked (`confirmOverpayment`).
 */
import { useState } from 'react';
import { Alert, Button, Checkbox, Group, Modal, Select, Stack } from '@mantine/core';
import { DateInput } from '@mantine/dates';
import { formatMoney, noonOf, today, useComptoir, useInvalidate } from '@comptoir/sdk/react';
import { MoneyInput, errorMessage, notifySaved } from '@comptoir/sdk/ui';
import { paymentRefusal, toDecimal } from '@comptoir/sdk/commerce';
import { PAYMENT_MODE_OPTIONS } from './paymentModes.ts';

export function PaymentDialog({ title, path, collection, due, total, paid, opened, onClose }: {
  title: string;
  /** `POST <path>` records the payment */
  path: string;
  /** the collection whose lists and entities are refreshed */
  collection: string;
  due: number;
  /** the document's total incl. taxes and what is paid: what may still be paid or refunded */
  total: number;
  paid: number;
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
  const [confirmed, setConfirmed] = useState(false);
  const refusal = toDecimal(amount) ? paymentRefusal({ inclTaxesPrice: total }, [{ amount: paid }], amount, { confirmOverpayment: false }) : null;
  const blocked = refusal?.reason === 'refund-above-paid' || (refusal?.reason === 'overpayment' && !confirmed);

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
      const confirmOverpayment = refusal?.reason === 'overpayment' && confirmed;
      await api.post(path, { mode, amount: value.toNumber(), date, ...(confirmOverpayment ? { confirmOverpayment } : {}) });
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
        <MoneyInput label="Montant" description="Un montant négatif enregistre un remboursement du fournisseur." value={amount} onChange={setAmount} data-autofocus />
        <DateInput label="Date du paiement" valueFormat="DD/MM/YYYY" value={day} onChange={(d) => d && setDay(d)} />
        {refusal?.reason === 'overpayment' && (
          <Checkbox data-testid="purchases-confirm-overpayment" checked={confirmed} onChange={(e) => setConfirmed(e.currentTarget.checked)}
            label={`Confirmer le trop-payé de ${formatMoney(refusal.excess)} : plus que le reste à payer (${formatMoney(refusal.remaining)})`} />
        )}
        {refusal?.reason === 'refund-above-paid' && (
          <Alert color="orange" role="status">{`Un remboursement ne peut pas dépasser ce qui a été payé : ${formatMoney(refusal.paid)}.`}</Alert>
        )}
        {error && <Alert color="red" role="alert">{error}</Alert>}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose} disabled={busy}>Annuler</Button>
          <Button onClick={() => void record()} loading={busy} disabled={blocked}>Enregistrer le paiement</Button>
        </Group>
      </Stack>
    </Modal>
  );
}
