/**
 * The screens of « Banque ». The shell mounts this component under the menu path (`/banque/*`):
 * the routes are relative to it. Operations (with the accounts' balances), matching, months, rules, import.
 */
import { Route, Routes, useLocation, useNavigate } from 'react-router';
import { Stack, Tabs, Text } from '@mantine/core';
import { useComptoir } from '@comptoir/sdk/react';
import { PageHeader } from '@comptoir/sdk/ui';
import { OperationsScreen } from './operations/OperationsScreen.tsx';
import { RulesScreen } from './rules/RulesScreen.tsx';
import { ImportWizard } from './import/ImportWizard.tsx';
import { MatchingScreen } from './matching/MatchingScreen.tsx';
import { MonthsScreen } from './months/MonthsScreen.tsx';

/** tab value → path under the plugin's mount (the operations at the mount itself) */
const TABS = [
  ['operations', '', 'Opérations'], ['rapprochements', '/rapprochements', 'Rapprochements'], ['mois', '/mois', 'Par mois'],
  ['regles', '/regles', 'Règles'], ['import', '/import', 'Importer un relevé'],
] as const;

export default function App() {
  const navigate = useNavigate();
  const location = useLocation();
  const { basePath } = useComptoir();
  const current = TABS.find(([, path]) => path && location.pathname.endsWith(path))?.[0] ?? 'operations';
  return (
    <Stack>
      <PageHeader title="Banque" />
      <Tabs value={current} onChange={(v) => navigate(`${basePath}${TABS.find(([value]) => value === v)?.[1] ?? ''}`)}>
        <Tabs.List>
          {TABS.map(([value, , label]) => <Tabs.Tab key={value} value={value}>{label}</Tabs.Tab>)}
        </Tabs.List>
      </Tabs>
      <Routes>
        <Route index element={<OperationsScreen />} />
        <Route path="rapprochements" element={<MatchingScreen />} />
        <Route path="mois" element={<MonthsScreen />} />
        <Route path="regles" element={<RulesScreen />} />
        <Route path="import" element={<ImportWizard />} />
        <Route path="*" element={<Text>Cette page n’existe pas.</Text>} />
      </Routes>
    </Stack>
  );
}
