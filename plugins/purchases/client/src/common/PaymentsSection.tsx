/** The payments and refunds recorded on a purchase or an online order, with « Enregistrer un paiement ». */
import { useState } from 'react';
import { Button } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { keyOf, useComptoir } from '@comptoir/sdk/react';
import { PaymentDialog, PaymentsTable, QueryFailed, Section } from '@comptoir/sdk/ui';
import { PERMISSIONS } from '../api.ts';
import { PURCHASE_PAYMENT_TEXTS } from './paymentTexts.ts';
import type { Payment } from './types.ts';

export function PaymentsSection({ collection, id, title, due, total, paid }: {
  collection: string; id: string; title: string; due: number;
  /** total incl. taxes and paid amount: what may still be paid or refunded (the dialog's checks) */
  total: number; paid: number;
}) {
  const { api, can, company } = useComptoir();
  const [open, setOpen] = useState(false);
  const path = `${collection}/${encodeURIComponent(id)}/payments`;
  // under the collection's key: recording a payment (which invalidates it) refreshes this list
  const payments = useQuery({
    queryKey: [...keyOf(collection), 'payments', id, company?._id ?? null],
    queryFn: () => api.get<{ data: Payment[] }>(path),
  });
  const rows = payments.data?.data ?? [];
  return (
    <Section title="Paiements">
      {payments.isError
        ? <QueryFailed error={payments.error} onRetry={() => void payments.refetch()} />
        : <PaymentsTable rows={rows} pending={payments.isPending} testId="purchases-payments" />}
      {can(PERMISSIONS.paymentsManage) && (
        <div><Button variant="light" onClick={() => setOpen(true)}>Enregistrer un paiement</Button></div>
      )}
      {open && (
        <PaymentDialog
          title={title} path={path} invalidates={[collection]} due={due} total={total} paid={paid} defaultMode="transfer"
          amountHint="Un montant négatif enregistre un remboursement du fournisseur." texts={PURCHASE_PAYMENT_TEXTS}
          confirmTestId="purchases-confirm-overpayment" opened onClose={() => setOpen(false)}
        />
      )}
    </Section>
  );
}
