/**
 * The screens of « Facturation ». The shell mounts this one remote under three menu paths
 * (`/factures`, `/devis`, `/paiements`) and passes the one it is under as `basePath`: the screens
 * of that entry are chosen from it, and their routes are relative to it.
 */
import { Text } from '@mantine/core';
import { ROUTES } from './api.ts';
import { InvoicesRoutes } from './invoices/InvoicesRoutes.tsx';
import { QuotationsRoutes } from './quotations/QuotationsRoutes.tsx';
import { PaymentsScreen } from './payments/PaymentsScreen.tsx';

export default function App({ basePath }: { basePath: string }) {
  switch (basePath) {
    case ROUTES.invoices: return <InvoicesRoutes />;
    case ROUTES.quotations: return <QuotationsRoutes />;
    case ROUTES.payments: return <PaymentsScreen />;
    default: return <Text>Cette page n’existe pas.</Text>;
  }
}
