/** An emitted invoice (frozen): header, receiver, lines, VAT details, totals, payments and the actions that follow. */
import { Link } from 'react-router';
import { Alert, Anchor, SimpleGrid, Stack, Text } from '@mantine/core';
import { formatDate } from '@comptoir/sdk/react';
import { PageHeader, RecordLinks, Section, StatusBadges } from '@comptoir/sdk/ui';
import { ROUTES, invoicePath } from '../api.ts';
import { DocumentHistory } from '../common/DocumentHistory.tsx';
import { FacturXButton } from '../common/FacturXButton.tsx';
import { PdfPreviewButton } from '../common/PdfPreview.tsx';
import { ReceiverCard } from '../common/ReceiverCard.tsx';
import { TotalsPanel } from '../common/TotalsPanel.tsx';
import { LinesTable } from '../lines/LinesTable.tsx';
import { InvoiceActions } from './InvoiceActions.tsx';
import { InvoiceLinks } from './InvoiceLinks.tsx';
import { InvoicePayments } from './InvoicePayments.tsx';
import { EInvoiceState } from './EInvoiceState.tsx';
import { InvoiceReplacement } from './InvoiceReplacement.tsx';
import { STATE_STYLES, isCreditNote, isDraft, isReplaced, remainingOf, stateOf } from './invoiceStatus.ts';
import type { Invoice } from '../types.ts';

export function InvoiceView({ invoice }: { invoice: Invoice }) {
  const draft = isDraft(invoice);
  const replaced = isReplaced(invoice);
  const kind = isCreditNote(invoice) ? 'Avoir' : invoice.headerTitle || 'Facture';
  const credited = new Set((invoice.itemsCredit ?? []).map((c) => c.uuid));
  return (
    <Stack gap="lg" data-testid="invoicing-invoice-view">
      <Anchor component={Link} to={ROUTES.invoices} size="sm">← Toutes les factures</Anchor>
      <PageHeader
        title={draft ? `${kind} (brouillon)` : `${kind} ${invoice.numberFull}`}
        description={`du ${formatDate(invoice.date, { dateStyle: 'long' })}${invoice.deliveryDate ? ` — livraison / exécution le ${formatDate(`${invoice.deliveryDate}T12:00:00Z`, { dateStyle: 'long' })}` : ''}`}
        actions={(
          <>
            <PdfPreviewButton path={invoicePath(invoice._id, 'pdf')} />
            {!draft && <FacturXButton path={invoicePath(invoice._id, 'facturx')} />}
            {!draft && <InvoiceActions invoice={invoice} />}
          </>
        )}
      />
      <StatusBadges status={stateOf(invoice)} styles={STATE_STYLES} creditNote={isCreditNote(invoice)} testId="invoicing-status" size="lg" />
      <InvoiceReplacement invoice={invoice} />
      {invoice.headerMessage && <Alert color="blue" title={invoice.headerTitle} data-testid="invoicing-header-message">{invoice.headerMessage}</Alert>}
      {invoice.creditReason && invoice.creditReason !== invoice.headerMessage && (
        <Text size="sm" data-testid="invoicing-credit-reason">Motif : {invoice.creditReason}</Text>
      )}
      <InvoiceLinks invoice={invoice} />
      <SimpleGrid cols={{ base: 1, md: 2 }}>
        <ReceiverCard receiver={invoice.receiver} />
        {invoice.sender?.name && <ReceiverCard receiver={{ company: invoice.sender.name, invoicingAddress: invoice.sender.address }} title="Émetteur" testId="invoicing-sender" />}
      </SimpleGrid>
      <Section title="Lignes">
        <LinesTable items={invoice.items} credited={credited} />
        {/* a replaced invoice was not paid but compensated by its corrective: its alert and payments say so */}
        <TotalsPanel totals={invoice} paid={draft || replaced ? undefined : invoice.paidAmount} remaining={replaced ? null : remainingOf(invoice)} />
      </Section>
      {(invoice.comment || invoice.freeData) && (
        <Section title="Textes">
          {invoice.comment && <Text size="sm" style={{ whiteSpace: 'pre-line' }}>{invoice.comment}</Text>}
          {invoice.freeData && <Text size="xs" c="dimmed" style={{ whiteSpace: 'pre-line' }}>{invoice.freeData}</Text>}
        </Section>
      )}
      {!draft && <InvoicePayments invoiceId={invoice._id} />}
      {!draft && <EInvoiceState invoiceId={invoice._id} />}
      {/* what other plugins link to it (purchases bought for this sale…): kernel.record-links */}
      <RecordLinks target="invoicing.invoices" id={invoice._id} />
      <DocumentHistory objectId={invoice._id} />
    </Stack>
  );
}
