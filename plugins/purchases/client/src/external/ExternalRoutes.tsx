/** The routes under `/achats-en-ligne`: the list, a new order, one order (view and editor). */
import { Route, Routes, useParams } from 'react-router';
import { Loader, Text } from '@mantine/core';
import { useComptoir, useEntity } from '@comptoir/sdk/react';
import { QueryFailed } from '@comptoir/sdk/ui';
import { EXTERNAL_PURCHASES, PERMISSIONS } from '../api.ts';
import { ExternalPurchaseEditor } from './ExternalPurchaseEditor.tsx';
import { ExternalPurchasesScreen } from './ExternalPurchasesScreen.tsx';
import { ExternalPurchaseView } from './ExternalPurchaseView.tsx';
import type { ExternalPurchase } from '../common/types.ts';

function OrderScreen({ edit = false }: { edit?: boolean }) {
  const { id = '' } = useParams();
  const { can } = useComptoir();
  const order = useEntity<ExternalPurchase>(EXTERNAL_PURCHASES, id);
  if (order.isPending) return <Loader aria-label="Chargement de la commande" />;
  if (order.isError) return <QueryFailed title="Achat en ligne introuvable" error={order.error} onRetry={() => void order.refetch()} />;
  if (edit && can(PERMISSIONS.externalManage)) return <ExternalPurchaseEditor key={order.data._id} order={order.data} />;
  return <ExternalPurchaseView key={order.data._id} order={order.data} />;
}

export function ExternalRoutes() {
  return (
    <Routes>
      <Route index element={<ExternalPurchasesScreen />} />
      <Route path="nouvel-achat" element={<ExternalPurchaseEditor />} />
      <Route path=":id" element={<OrderScreen />} />
      <Route path=":id/modifier" element={<OrderScreen edit />} />
      <Route path="*" element={<Text>Cette page n’existe pas.</Text>} />
    </Routes>
  );
}
