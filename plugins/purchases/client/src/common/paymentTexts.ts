/**
 * What the kit's `PaymentDialog` says on a purchase or an online order: we are the buyer, so an
 * excess is a « trop-payé » and a refund comes from the supplier.
 */
import { formatMoney } from '@comptoir/sdk/react';
import type { PaymentDialogTexts } from '@comptoir/sdk/ui';

export const PURCHASE_PAYMENT_TEXTS: PaymentDialogTexts = {
  overpayment: ({ excess, remaining }) => `Confirmer le trop-payé de ${formatMoney(excess)} : plus que le reste à payer (${formatMoney(remaining)})`,
  refundAbovePaid: ({ paid }) => `Un remboursement ne peut pas dépasser ce qui a été payé : ${formatMoney(paid)}.`,
};
