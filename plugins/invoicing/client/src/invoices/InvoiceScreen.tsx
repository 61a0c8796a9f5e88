/** `/factures/:id`: a draft opens in the editor (for who may manage invoices), an emitted invoice in its view. */
import { useParams } from 'react-router';
import { Loader } from '@mantine/core';
import { useComptoir, useEntity } from '@comptoir/sdk/react';
import { QueryFailed } from '@comptoir/sdk/ui';
import { INVOICES, PERMISSIONS } from '../api.ts';
import { InvoiceEditor } from './InvoiceEditor.tsx';
import { InvoiceView } from './InvoiceView.tsx';
import { isDraft } from './invoiceStatus.ts';
import type { Invoice } from '../types.ts';

export function InvoiceScreen() {
  const { id = '' } = useParams();
  const { can } = useComptoir();
  const invoice = useEntity<Invoice>(INVOICES, id);
  if (invoice.isPending) return <Loader aria-label="Chargement de la facture" />;
  if (invoice.isError) return <QueryFailed title="Facture introuvable" error={invoice.error} onRetry={() => void invoice.refetch()} />;
  const it = invoice.data;
  if (isDraft(it) && can(PERMISSIONS.invoicesManage)) return <InvoiceEditor key={it._id} invoice={it} />;
  return <InvoiceView key={it._id} invoice={it} />;
}
