/**
 * What can be done with an emitted invoice: send it by e-mail, record a payment, credit it (all or
 * some lines), make a corrective invoice, duplicate it. The three last ones open the new draft.
 * An invoice replaced by a corrective is owed no more: only sending and duplicating are left.
 */
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { Button } from '@mantine/core';
import { useComptoir, useInvalidate } from '@comptoir/sdk/react';
import { ConfirmDialog, PaymentDialog, notifyFailed } from '@comptoir/sdk/ui';
import { INVOICES, PAYMENTS, PERMISSIONS, ROUTES, invoicePath } from '../api.ts';
import { SendButton } from '../common/SendDialog.tsx';
import { CreditDialog } from './CreditDialog.tsx';
import { invoicePaymentTexts } from './paymentTexts.ts';
import { isCreditNote, isReplaced } from './invoiceStatus.ts';
import type { Invoice } from '../types.ts';

type Dialog = 'payment' | 'credit' | 'corrective' | null;

export function InvoiceActions({ invoice }: { invoice: Invoice }) {
  const { api, can } = useComptoir();
  const invalidate = useInvalidate();
  const navigate = useNavigate();
  const [dialog, setDialog] = useState<Dialog>(null);
  const [duplicating, setDuplicating] = useState(false);
  const manage = can(PERMISSIONS.invoicesManage);
  const credit = isCreditNote(invoice);
  // a replaced invoice is owed no more: payments, credit notes and corrections go to its corrective
  const standing = !isReplaced(invoice);

  async function derive(action: 'corrective' | 'duplicate') {
    const draft = await api.post<Invoice>(invoicePath(invoice._id, action));
    await invalidate(INVOICES);
    navigate(`${ROUTES.invoices}/${draft._id}`);
  }

  async function duplicate() {
    setDuplicating(true);
    try {
      await derive('duplicate');
    } catch (e) {
      notifyFailed(e, 'Duplication impossible');
    } finally {
      setDuplicating(false);
    }
  }

  return (
    <>
      {manage && (
        <SendButton
          path={invoicePath(invoice._id, 'send')} what={credit ? 'l’avoir' : 'la facture'}
          receiversHint="aux contacts du client destinataires des factures, à défaut à l’adresse e-mail du client"
        />
      )}
      {can(PERMISSIONS.paymentsManage) && standing && (
        <Button onClick={() => setDialog('payment')}>Enregistrer un paiement</Button>
      )}
      {manage && !credit && standing && <Button variant="light" onClick={() => setDialog('credit')}>Créer un avoir</Button>}
      {manage && !credit && standing && <Button variant="light" onClick={() => setDialog('corrective')}>Facture corrective</Button>}
      {manage && <Button variant="default" onClick={() => void duplicate()} loading={duplicating}>Dupliquer</Button>}
      {dialog === 'payment' && (
        <PaymentDialog
          title={`Enregistrer un paiement — ${invoice.numberFull ?? ''}`} path={invoicePath(invoice._id, 'payments')} invalidates={[INVOICES, PAYMENTS]}
          due={invoice.unpaidAmount} total={invoice.inclTaxesPrice} paid={invoice.paidAmount} defaultMode="cb"
          texts={invoicePaymentTexts(credit)} confirmTestId="invoicing-confirm-overpayment" opened onClose={() => setDialog(null)}
        />
      )}
      {dialog === 'credit' && <CreditDialog invoice={invoice} opened onClose={() => setDialog(null)} />}
      <ConfirmDialog opened={dialog === 'corrective'} title="Facture corrective" confirmLabel="Créer la facture corrective"
        onConfirm={() => derive('corrective')} onClose={() => setDialog(null)}>
        {`Une facture corrective reprend ${invoice.numberFull ?? 'cette facture'} en brouillon, avec la mention qu’elle l’annule et la remplace. Modifiez-la puis émettez-la : ${invoice.numberFull ?? 'cette facture'} sera alors annulée, ce qu’elle doit encore compensé.`}
      </ConfirmDialog>
    </>
  );
}
