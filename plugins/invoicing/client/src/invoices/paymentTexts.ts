/**
 * What the kit's `PaymentDialog` says on an invoice: a sale, so an excess is a « trop-perçu » to pay
 * back to the customer; on a credit note the money goes the other way (we pay back, the customer may
 * return some).
 */
import { formatMoney } from '@comptoir/sdk/react';
import type { PaymentDialogTexts } from '@comptoir/sdk/ui';

export function invoicePaymentTexts(creditNote: boolean): PaymentDialogTexts {
  return creditNote
    ? {
      overpayment: ({ excess, remaining }) => `Confirmer le dépassement de ${formatMoney(excess)} : plus que ce qui reste à rembourser (${formatMoney(remaining)})`,
      refundAbovePaid: ({ paid }) => `On ne peut reprendre que ce qui a été remboursé : ${formatMoney(paid)}.`,
    }
    : {
      overpayment: ({ excess, remaining }) => `Confirmer le trop-perçu de ${formatMoney(excess)} : plus que le reste à payer (${formatMoney(remaining)}), à rembourser ensuite au client`,
      refundAbovePaid: ({ paid }) => `On ne peut rembourser que ce qui a été payé : ${formatMoney(paid)}.`,
    };
}
