/**
 * The screens of « Files de traitement ». The shell mounts this component under the menu path
 * (`/files-de-traitement/*`): the routes below are relative to it.
 */
import { Route, Routes } from 'react-router';
import { Text } from '@mantine/core';
import { QueuesScreen } from './queues/QueuesScreen.tsx';
import { QueueScreen } from './queues/QueueScreen.tsx';

export default function App() {
  return (
    <Routes>
      <Route index element={<QueuesScreen />} />
      <Route path=":id" element={<QueueScreen />} />
      <Route path="*" element={<Text>Cette page n’existe pas.</Text>} />
    </Routes>
  );
}
