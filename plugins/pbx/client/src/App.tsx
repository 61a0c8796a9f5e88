/**
 * The screens of « Téléphonie ». The shell mounts this component under the menu path
 * (`/telephonie`): the routes below are relative to it. The call-routing queues themselves are
 * drawn in « Files de traitement ».
 */
import { Route, Routes } from 'react-router';
import { Text } from '@mantine/core';
import { CallsScreen } from './calls/CallsScreen.tsx';
import { CallScreen } from './calls/CallScreen.tsx';
import { NumberListsScreen } from './lists/NumberListsScreen.tsx';
import { PlaylistsScreen } from './playlists/PlaylistsScreen.tsx';
import { TimesOfYearScreen } from './playlists/TimesOfYearScreen.tsx';
import { UsersScreen } from './users/UsersScreen.tsx';

export default function App(_props: { basePath?: string }) {
  return (
    <Routes>
      <Route index element={<CallsScreen />} />
      <Route path="appels/:id" element={<CallScreen />} />
      <Route path="numeros" element={<NumberListsScreen />} />
      <Route path="listes-de-lecture" element={<PlaylistsScreen />} />
      <Route path="periodes" element={<TimesOfYearScreen />} />
      <Route path="postes" element={<UsersScreen />} />
      <Route path="*" element={<Text>Cette page n’existe pas.</Text>} />
    </Routes>
  );
}
