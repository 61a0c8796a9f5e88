/**
 * The screens of « Projets ». The shell mounts this component under the menu path (`/projets/*`):
 * the routes below are relative to it.
 */
import { Route, Routes } from 'react-router';
import { Text } from '@mantine/core';
import { BoardScreen } from './board/BoardScreen.tsx';
import { ItemScreen } from './items/ItemScreen.tsx';
import { MyTasksScreen } from './items/MyTasksScreen.tsx';
import { TimesheetScreen } from './time/TimesheetScreen.tsx';
import { RightsScreen } from './rights/RightsScreen.tsx';

export default function App() {
  return (
    <Routes>
      <Route index element={<BoardScreen />} />
      <Route path="elements/:id" element={<ItemScreen />} />
      <Route path="mes-taches" element={<MyTasksScreen />} />
      <Route path="temps" element={<TimesheetScreen />} />
      <Route path="droits" element={<RightsScreen />} />
      <Route path="*" element={<Text>Cette page n’existe pas.</Text>} />
    </Routes>
  );
}
