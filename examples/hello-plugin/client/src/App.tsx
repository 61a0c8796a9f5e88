/**
 * The screens of « Bonjour ». The shell mounts this component under the menu path (`/hello/*`):
 * the routes below are relative to it, so the plugin never hard-codes its address.
 */
import { Route, Routes } from 'react-router';
import { Text } from '@mantine/core';
import { GreetingScreen } from './GreetingScreen.tsx';
import { PersonScreen } from './PersonScreen.tsx';

export default function App() {
  return (
    <Routes>
      <Route index element={<GreetingScreen />} />
      <Route path=":id" element={<PersonScreen />} />
      <Route path="*" element={<Text>Cette page n’existe pas.</Text>} />
    </Routes>
  );
}
