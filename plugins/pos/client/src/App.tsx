/**
 * The screens of « Caisse ». The shell mounts this component under the menu path
 * (`/caisse/*`): the routes below are relative to it, so the plugin never hard-codes its address.
 */
import { Route, Routes } from 'react-router';
import { Text } from '@mantine/core';
import { RegistersScreen } from './registers/RegistersScreen.tsx';
import { CountingWizard } from './registers/CountingWizard.tsx';
import { SaleScreen } from './sale/SaleScreen.tsx';
import { ReceiptsScreen } from './receipts/ReceiptsScreen.tsx';
import { ClosingsScreen } from './closings/ClosingsScreen.tsx';
import { ArchivesScreen } from './archives/ArchivesScreen.tsx';

export default function App() {
  return (
    <Routes>
      <Route index element={<RegistersScreen />} />
      <Route path="archives" element={<ArchivesScreen />} />
      <Route path=":id/ouverture" element={<CountingWizard mode="open" />} />
      <Route path=":id/cloture" element={<CountingWizard mode="close" />} />
      <Route path=":id/vente" element={<SaleScreen />} />
      <Route path=":id/tickets" element={<ReceiptsScreen />} />
      <Route path=":id/clotures" element={<ClosingsScreen />} />
      <Route path="*" element={<Text>Cette page n’existe pas.</Text>} />
    </Routes>
  );
}
