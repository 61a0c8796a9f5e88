/**
 * The screens of « Catalogue ». The shell mounts this component under the menu path
 * (`basePath`, `/catalogue`): the routes below are relative to it, so the plugin never hard-codes
 * its address.
 */
import { Route, Routes } from 'react-router';
import { Text } from '@mantine/core';
import { ItemsScreen } from './items/ItemsScreen.tsx';
import { NewItemScreen } from './items/NewItemScreen.tsx';
import { EditItemScreen } from './items/EditItemScreen.tsx';

export default function App(_props: { basePath?: string }) {
  return (
    <Routes>
      <Route index element={<ItemsScreen />} />
      <Route path="nouveau" element={<NewItemScreen />} />
      <Route path=":id" element={<EditItemScreen />} />
      <Route path="*" element={<Text>Cette page n’existe pas.</Text>} />
    </Routes>
  );
}
