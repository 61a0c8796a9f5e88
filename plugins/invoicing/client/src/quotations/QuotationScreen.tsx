/** `/devis/:id`: one quotation in its editor. */
import { useParams } from 'react-router';
import { Loader } from '@mantine/core';
import { useEntity } from '@comptoir/sdk/react';
import { QueryFailed } from '@comptoir/sdk/ui';
import { QUOTATIONS } from '../api.ts';
import { QuotationEditor } from './QuotationEditor.tsx';
import type { Quotation } from '../types.ts';

export function QuotationScreen() {
  const { id = '' } = useParams();
  const quotation = useEntity<Quotation>(QUOTATIONS, id);
  if (quotation.isPending) return <Loader aria-label="Chargement du devis" />;
  if (quotation.isError) return <QueryFailed title="Devis introuvable" error={quotation.error} onRetry={() => void quotation.refetch()} />;
  return <QuotationEditor key={quotation.data._id} quotation={quotation.data} />;
}
