/**
 * « Enregistrer un paiement » : mode, amount (the amount still due by default; negative for a
 * refund) and date. The server answers the invoice with its new paid and unpaid amounts and status.
 * The engine's own rule (`paymentRefusal`) tells before sending: a refund above what was paid is
 * refused, more than what remains needs the « trop-perçu » box ticked (`confirmOverpayment`).
 */
import { useState } from 'react';
import { Alert, Button, Checkbox, Group, Modal, Select, Stack } from '@mantine/core';
import { DateInput } from '@mantine/dates';
import { formatMoney, useComptoir, useInvalidate } from '@comptoir/sdk/react';
import { MoneyInput, errorMessage, notifySaved } from '@comptoir/sdk/ui';
import { paymentRefusal, toDecimal } from '@comptoir/sdk/commerce';
import { INVOICES, PAYMENTS, invoicePath } from '../api.ts';
import { noonOf, today } from '../common/days.ts';
import { RECORDABLE_MODE_OPTIONS } from '../payments/paymentModes.ts';
import type { Invoice } from '../types.ts';

export function PaymentDialog({ invoice, opened, onClose }: { invoice: Invoice; opened: boolean; onClose(): void }) {
  const { api } = useComptoir();
  const invalidate = useInvalidate();
  const [mode, setMode] = useState<string>('cb');
  const [amount, setAmount] = useState<number | string>(invoice.unpaidAmount);
  const [day, setDay] = useState<string>(today());
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [confirmed, setConfirmed] = useState(false);
  const creditNote = invoice.inclTaxesPrice < 0;
  // what the server will decide, from the invoice as shown (it decides again on the locked row)
  const refusal = toDecimal(amount) ? paymentRefusal(invoice, [{ amount: invoice.paidAmount }], amount, { confirmOverpayment: false }) : null;
  const blocked = refusal?.reason === 'refund-above-paid' || (refusal?.reason === 'overpayment' && !confirmed);

  function close() {
    if (busy) return;
    setError(null);
    onClose();
  }

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
      await api.post<Invoice>(invoicePath(invoice._id, 'payments'), { mode, amount: value.toNumber(), date, ...(confirmOverpayment ? { confirmOverpayment } : {}) });
      await Promise.all([invalidate(INVOICES), invalidate(PAYMENTS)]);
      notifySaved(value.isNegative() ? 'Le remboursement est enregistré.' : 'Le paiement est enregistré.');
      setBusy(false);
      onClose();
    } catch (e) {
      setError(errorMessage(e));
      setBusy(false);
    }
  }

  return (
    <Modal opened={opened} onClose={close} title={`Enregistrer un paiement — ${invoice.numberFull ?? ''}`} centered>
      <Stack>
        <Select label="Mode de paiement" data={RECORDABLE_MODE_OPTIONS} value={mode} allowDeselect={false} onChange={(m) => m && setMode(m)} />
        <MoneyInput label="Montant" description="Un montant négatif enregistre un remboursement." value={amount} onChange={setAmount} data-autofocus />
        <DateInput label="Date du paiement" valueFormat="DD/MM/YYYY" value={day} onChange={(d) => d && setDay(d)} />
        {refusal?.reason === 'overpayment' && (
          <Checkbox data-testid="invoicing-confirm-overpayment" checked={confirmed} onChange={(e) => setConfirmed(e.currentTarget.checked)}
            label={creditNote
              ? `Confirmer le dépassement de ${formatMoney(refusal.excess)} : plus que ce qui reste à rembourser (${formatMoney(refusal.remaining)})`
              : `Confirmer le trop-perçu de ${formatMoney(refusal.excess)} : plus que le reste à payer (${formatMoney(refusal.remaining)}), à rembourser ensuite au client`} />
        )}
        {refusal?.reason === 'refund-above-paid' && (
          <Alert color="orange" role="status">
            {creditNote
              ? `On ne peut reprendre que ce qui a été remboursé : ${formatMoney(refusal.paid)}.`
              : `On ne peut rembourser que ce qui a été payé : ${formatMoney(refusal.paid)}.`}
          </Alert>
        )}
        {error && <Alert color="red" role="alert">{error}</Alert>}
        <Group justify="flex-end">
          <Button variant="default" onClick={close} disabled={busy}>Annuler</Button>
          <Button onClick={() => void record()} loading={busy} disabled={blocked}>Enregistrer le paiement</Button>
        </Group>
      </Stack>
    </Modal>
  );
}
