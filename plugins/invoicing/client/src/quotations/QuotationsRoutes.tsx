/** The routes under `/devis`: the list, a new quotation, one quotation. */
import { Route, Routes } from 'react-router';
import { Text } from '@mantine/core';
import { QuotationsScreen } from './QuotationsScreen.tsx';
import { QuotationEditor } from './QuotationEditor.tsx';
import { QuotationScreen } from './QuotationScreen.tsx';

export function QuotationsRoutes() {
  return (
    <Routes>
      <Route index element={<QuotationsScreen />} />
      <Route path="nouveau" element={<QuotationEditor />} />
      <Route path=":id" element={<QuotationScreen />} />
      <Route path="*" element={<Text>Cette page n’existe pas.</Text>} />
    </Routes>
  );
}
