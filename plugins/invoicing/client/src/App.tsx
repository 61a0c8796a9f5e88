/**
 * The screens of « Facturation ». The shell mounts this one remote under its menu paths
 * (`/factures`, `/factures-recurrentes`, `/devis`, `/paiements`, `/comptabilite`) and passes the one it is under as `basePath`: the screens
 * of that entry are chosen from it, and their routes are relative to it.
 */
import { Text } from '@mantine/core';
import { ROUTES } from './api.ts';
import { InvoicesRoutes } from './invoices/InvoicesRoutes.tsx';
import { QuotationsRoutes } from './quotations/QuotationsRoutes.tsx';
import { PaymentsScreen } from './payments/PaymentsScreen.tsx';
import { RecurringRoutes } from './recurring/RecurringRoutes.tsx';
import { RECURRING_ROUTE } from './recurring/api.ts';
import { AccountingRoutes } from './accounting/AccountingRoutes.tsx';
import { ACCOUNTING_ROUTE } from './accounting/accountingApi.ts';

export default function App({ basePath }: { basePath: string }) {
  switch (basePath) {
    case ROUTES.invoices: return <InvoicesRoutes />;
    case ROUTES.quotations: return <QuotationsRoutes />;
    case ROUTES.payments: return <PaymentsScreen />;
    case RECURRING_ROUTE: return <RecurringRoutes />;
    case ACCOUNTING_ROUTE: return <AccountingRoutes />;
    default: return <Text>Cette page n’existe pas.</Text>;
  }
}
