/** The routes under `/factures`: the list, a new invoice, a new standalone credit note, one invoice. */
import { Route, Routes } from 'react-router';
import { Text } from '@mantine/core';
import { InvoicesScreen } from './InvoicesScreen.tsx';
import { InvoiceEditor } from './InvoiceEditor.tsx';
import { InvoiceScreen } from './InvoiceScreen.tsx';

export function InvoicesRoutes() {
  return (
    <Routes>
      <Route index element={<InvoicesScreen />} />
      <Route path="nouvelle" element={<InvoiceEditor />} />
      <Route path="nouvel-avoir" element={<InvoiceEditor creditNote />} />
      <Route path=":id" element={<InvoiceScreen />} />
      <Route path="*" element={<Text>Cette page n’existe pas.</Text>} />
    </Routes>
  );
}
