/** `/achats/:id` (its view) and `/achats/:id/modifier` (its editor, for who may manage purchases). */
import { useParams } from 'react-router';
import { Loader } from '@mantine/core';
import { useComptoir, useEntity } from '@comptoir/sdk/react';
import { QueryFailed } from '@comptoir/sdk/ui';
import { PERMISSIONS, PURCHASES } from '../api.ts';
import { PurchaseEditor } from './PurchaseEditor.tsx';
import { PurchaseView } from './PurchaseView.tsx';
import type { Purchase } from '../common/types.ts';

export function PurchaseScreen({ edit = false }: { edit?: boolean }) {
  const { id = '' } = useParams();
  const { can } = useComptoir();
  const purchase = useEntity<Purchase>(PURCHASES, id);
  if (purchase.isPending) return <Loader aria-label="Chargement de l’achat" />;
  if (purchase.isError) return <QueryFailed title="Achat introuvable" error={purchase.error} onRetry={() => void purchase.refetch()} />;
  if (edit && can(PERMISSIONS.purchasesManage)) return <PurchaseEditor key={purchase.data._id} purchase={purchase.data} />;
  return <PurchaseView key={purchase.data._id} purchase={purchase.data} />;
}
