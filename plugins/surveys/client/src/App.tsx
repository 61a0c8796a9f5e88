/**
 * The screens of « Questionnaires ». The shell mounts this component under the menu path
 * (`/surveys/*`): the routes below are relative to it, so the plugin never hard-codes its address.
 */
import { Route, Routes } from 'react-router';
import { Text } from '@mantine/core';
import { ItemsScreen } from './items/ItemsScreen.tsx';
import { NewItemScreen } from './items/NewItemScreen.tsx';
import { ItemScreen } from './items/ItemScreen.tsx';

export default function App() {
  return (
    <Routes>
      <Route index element={<ItemsScreen />} />
      <Route path="nouveau" element={<NewItemScreen />} />
      <Route path=":id" element={<ItemScreen />} />
      <Route path="*" element={<Text>Cette page n’existe pas.</Text>} />
    </Routes>
  );
}
