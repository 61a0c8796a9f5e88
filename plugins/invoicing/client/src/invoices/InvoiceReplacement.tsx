/** « Remplacée par la facture … » on a replaced invoice, « Remplace la facture … » on its corrective (replacement.ts). */
import { Link } from 'react-router';
import { Alert, Anchor, Text } from '@mantine/core';
import { useEntity } from '@comptoir/sdk/react';
import { INVOICES, ROUTES } from '../api.ts';
import { replacementLinksOf, replacementText, type ReplacementLink } from './replacement.ts';
import type { Invoice } from '../types.ts';

function ReplacementLine({ invoice, link }: { invoice: Invoice; link: ReplacementLink }) {
  const other = useEntity<Invoice>(INVOICES, link.id);
  const text = replacementText(link.kind, invoice);
  const number = <Anchor component={Link} to={`${ROUTES.invoices}/${link.id}`}>{other.data?.numberFull ?? '…'}</Anchor>;
  if (link.kind === 'replacedBy') {
    return (
      <Alert color="orange" title="Facture remplacée" data-testid="invoicing-replaced-by">
        <Text size="sm">{text.before} {number}.</Text>
        <Text size="sm" c="dimmed">{text.after}</Text>
      </Alert>
    );
  }
  return (
    <div data-testid="invoicing-replaces">
      <Text size="sm">{text.before} {number}.</Text>
      <Text size="xs" c="dimmed">{text.after}</Text>
    </div>
  );
}

export function InvoiceReplacement({ invoice }: { invoice: Invoice }) {
  return replacementLinksOf(invoice).map((link) => <ReplacementLine key={link.kind} invoice={invoice} link={link} />);
}
