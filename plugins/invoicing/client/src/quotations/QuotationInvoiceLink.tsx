/** On an invoiced quotation: the invoice made from it (the invoice names its quotation in fk.fromQuotation). */
import { Link } from 'react-router';
import { Alert, Anchor } from '@mantine/core';
import { useList } from '@comptoir/sdk/react';
import { INVOICES, ROUTES } from '../api.ts';
import type { Invoice } from '../types.ts';

export function QuotationInvoiceLink({ quotationId }: { quotationId: string }) {
  const invoices = useList<Invoice>(INVOICES, {
    filters: { 'fk.fromQuotation': { mode: 'eq', value: quotationId, valueIsObjectId: true } },
    pagination: { quantity: 1, page: 1 },
  });
  const invoice = invoices.data?.data[0];
  return (
    <Alert color="grape" title="Devis facturé">
      Ce devis a été facturé : il ne peut plus être modifié.{' '}
      {invoice && (
        <Anchor component={Link} to={`${ROUTES.invoices}/${invoice._id}`}>
          Voir la facture {invoice.numberFull ?? '(brouillon)'}
        </Anchor>
      )}
    </Alert>
  );
}
