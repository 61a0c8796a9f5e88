/**
 * « Enregistrer un paiement » of a commercial document (an invoice, a purchase, an online order…):
 * mode, amount (what is still due by default; negative for a refund) and date, sent as
 * `POST <path> { mode, amount, date, confirmOverpayment? }`; the server answers the document
 * recomputed. The engine's own rule (`paymentRefusal`) tells before sending: a refund above what was
 * paid is refused (the « Enregistrer » button stays disabled, the reason shown), more than what
 * remains needs the overpayment box ticked. The texts of those two cases are the plugin's (who owes
 * whom differs between a sale and a purchase); the rest is the same everywhere.
 */
import { useState } from 'react';
import { Alert, Button, Checkbox, Group, Modal, Select, Stack } from '@mantine/core';
import { DateInput } from '@mantine/dates';
import { today, useComptoir, useInvalidate } from '@comptoir/sdk/react';
import { paymentRefusal, toDecimal } from '@comptoir/sdk/commerce';
import { MoneyInput } from '../MoneyInput.tsx';
import { errorMessage } from '../errorMessage.ts';
import { notifySaved } from '../notify.ts';
import { RECORDABLE_PAYMENT_MODE_OPTIONS, paymentRequestBody, type PaymentModeOption } from './payments.ts';

/** `paymentRefusal`'s two answers the dialog explains, with the amounts the texts quote (numbers, in euros). */
export interface PaymentDialogTexts {
  /** the checkbox's label: more than what remains (`excess` above `remaining`) */
  overpayment(amounts: { excess: number; remaining: number }): string;
  /** the notice when a refund goes above what was paid (`paid`) */
  refundAbovePaid(amounts: { paid: number }): string;
}

export interface PaymentDialogProps {
  /** the dialog's title, naming the document (« Enregistrer un paiement — F-0000012 ») */
  title: string;
  /** `POST <path>` records the payment */
  path: string;
  /** the collections whose lists and entities are refreshed once it is recorded (`useInvalidate`) */
  invalidates: string[];
  /** the amount proposed: what is still due */
  due: number;
  /** the document's total incl. taxes and what is paid so far: what may still be paid or refunded */
  total: number;
  paid: number;
  opened: boolean;
  onClose(): void;
  /** the mode chosen first ('cb' for a sale at the counter, 'transfer' for a supplier) */
  defaultMode?: string;
  /** the modes offered; default every mode a person may record (not the server's compensations) */
  modes?: PaymentModeOption[];
  /** under « Montant »: what a negative amount means here */
  amountHint?: string;
  texts: PaymentDialogTexts;
  /** `data-testid` of the overpayment checkbox */
  confirmTestId?: string;
}

export function PaymentDialog({
  title, path, invalidates, due, total, paid, opened, onClose, defaultMode = 'cb', modes = RECORDABLE_PAYMENT_MODE_OPTIONS,
  amountHint = 'Un montant négatif enregistre un remboursement.', texts, confirmTestId,
}: PaymentDialogProps) {
  const { api } = useComptoir();
  const invalidate = useInvalidate();
  const [mode, setMode] = useState<string>(defaultMode);
  const [amount, setAmount] = useState<number | string>(due);
  const [day, setDay] = useState<string>(today());
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [confirmed, setConfirmed] = useState(false);
  // what the server will decide, from the document as shown (it decides again on the locked row)
  const refusal = toDecimal(amount) ? paymentRefusal({ inclTaxesPrice: total }, [{ amount: paid }], amount, { confirmOverpayment: false }) : null;
  const blocked = refusal?.reason === 'refund-above-paid' || (refusal?.reason === 'overpayment' && !confirmed);

  function close() {
    if (busy) return;
    setError(null);
    onClose();
  }

  async function record() {
    const body = paymentRequestBody({ mode, amount, day, confirmOverpayment: refusal?.reason === 'overpayment' && confirmed });
    if (typeof body === 'string') {
      setError(body);
      return;
    }
    setBusy(true);
    setError(null);
    try {
      await api.post(path, body);
      await Promise.all(invalidates.map((c) => invalidate(c)));
      notifySaved(body.amount < 0 ? 'Le remboursement est enregistré.' : 'Le paiement est enregistré.');
      // enabled again before closing, so the focus keeper hands the focus back to the opener
      setBusy(false);
      onClose();
    } catch (e) {
      setError(errorMessage(e));
      setBusy(false);
    }
  }

  return (
    <Modal opened={opened} onClose={close} title={title} centered>
      <Stack>
        <Select label="Mode de paiement" data={modes} value={mode} allowDeselect={false} onChange={(m) => m && setMode(m)} />
        <MoneyInput label="Montant" description={amountHint} value={amount} onChange={setAmount} data-autofocus />
        <DateInput label="Date du paiement" valueFormat="DD/MM/YYYY" value={day} onChange={(d) => d && setDay(d)} />
        {refusal?.reason === 'overpayment' && (
          <Checkbox data-testid={confirmTestId} checked={confirmed} onChange={(e) => setConfirmed(e.currentTarget.checked)}
            label={texts.overpayment({ excess: refusal.excess, remaining: refusal.remaining })} />
        )}
        {refusal?.reason === 'refund-above-paid' && (
          <Alert color="orange" role="status">{texts.refundAbovePaid({ paid: refusal.paid })}</Alert>
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
