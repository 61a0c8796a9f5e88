/**
 * The screens of « Achats ». The shell mounts this one remote under three menu paths (`/achats`,
 * `/achats-en-ligne`, `/paiements-fournisseurs`) and passes the one it is under as `basePath`: the screens of that entry are
 * chosen from it, and their routes are relative to it.
 */
import { Text } from '@mantine/core';
import { ROUTES } from './api.ts';
import { PurchasesRoutes } from './purchases/PurchasesRoutes.tsx';
import { ExternalRoutes } from './external/ExternalRoutes.tsx';
import { SupplierPaymentsScreen } from './payments/SupplierPaymentsScreen.tsx';

export default function App({ basePath }: { basePath: string }) {
  switch (basePath) {
    case ROUTES.purchases: return <PurchasesRoutes />;
    case ROUTES.external: return <ExternalRoutes />;
    case ROUTES.payments: return <SupplierPaymentsScreen />;
    default: return <Text>Cette page n’existe pas.</Text>;
  }
}
