/** The routes under `/comptabilite`: integrity and FEC export, the chart of accounts. */
import { Link, Route, Routes } from 'react-router';
import { Button, Stack, Text } from '@mantine/core';
import { useComptoir } from '@comptoir/sdk/react';
import { PageHeader } from '@comptoir/sdk/ui';
import { ChartScreen } from './ChartScreen.tsx';
import { FecPanel } from './FecPanel.tsx';
import { IntegrityPanel } from './IntegrityPanel.tsx';
import { ACCOUNTING_PERMISSIONS } from './accountingApi.ts';

function AccountingScreen() {
  const { can } = useComptoir();
  return (
    <Stack gap="lg" maw={1000} data-testid="invoicing-accounting">
      <PageHeader title="Comptabilité" description="Intégrité des pièces émises et fichier des écritures comptables."
        actions={<Button component={Link} to="plan-comptable" variant="light">{can(ACCOUNTING_PERMISSIONS.manage) ? 'Modifier le plan comptable' : 'Plan comptable'}</Button>} />
      <IntegrityPanel />
      <FecPanel />
    </Stack>
  );
}

export function AccountingRoutes() {
  return (
    <Routes>
      <Route index element={<AccountingScreen />} />
      <Route path="plan-comptable" element={<ChartScreen />} />
      <Route path="*" element={<Text>Cette page n’existe pas.</Text>} />
    </Routes>
  );
}
