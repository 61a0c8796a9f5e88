/** Where an invoice comes from and what credits it: source invoice, quotation, credit notes. */
import { Link } from 'react-router';
import { Anchor, Group, Text } from '@mantine/core';
import { ROUTES } from '../api.ts';
import type { Invoice } from '../types.ts';

export function InvoiceLinks({ invoice }: { invoice: Invoice }) {
  const creditNotes = [...new Set((invoice.itemsCredit ?? []).map((c) => c.creditInvoiceId))];
  const links = [
    invoice.fk.sourceInvoice && <Anchor key="source" component={Link} to={`${ROUTES.invoices}/${invoice.fk.sourceInvoice}`}>Facture d’origine</Anchor>,
    invoice.fk.fromQuotation && <Anchor key="quotation" component={Link} to={`${ROUTES.quotations}/${invoice.fk.fromQuotation}`}>Devis d’origine</Anchor>,
    ...creditNotes.map((id, i) => <Anchor key={id} component={Link} to={`${ROUTES.invoices}/${id}`}>Avoir {creditNotes.length > 1 ? i + 1 : ''}</Anchor>),
  ].filter(Boolean);
  if (links.length === 0) return null;
  return (
    <Group gap="md">
      <Text size="sm" c="dimmed">Documents liés :</Text>
      {links}
    </Group>
  );
}
