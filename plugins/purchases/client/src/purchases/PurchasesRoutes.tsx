/** The routes under `/achats`: the list, a new purchase, the import wizard, one purchase. */
import { Route, Routes } from 'react-router';
import { Text } from '@mantine/core';
import { PurchasesScreen } from './PurchasesScreen.tsx';
import { PurchaseEditor } from './PurchaseEditor.tsx';
import { PurchaseScreen } from './PurchaseScreen.tsx';
import { ImportWizard } from '../import/ImportWizard.tsx';

export function PurchasesRoutes() {
  return (
    <Routes>
      <Route index element={<PurchasesScreen />} />
      <Route path="nouvel-achat" element={<PurchaseEditor />} />
      <Route path="importer" element={<ImportWizard />} />
      <Route path=":id" element={<PurchaseScreen />} />
      <Route path=":id/modifier" element={<PurchaseScreen edit />} />
      <Route path="*" element={<Text>Cette page n’existe pas.</Text>} />
    </Routes>
  );
}
