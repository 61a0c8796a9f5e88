/**
 * The screens of « Réservations ». The shell mounts this component under the menu path
 * (`/reservations/*`): the routes below are relative to it. The calendar (FullCalendar, the
 * heaviest part) is loaded only when its screen opens.
 */
import { lazy, Suspense } from 'react';
import { Route, Routes } from 'react-router';
import { Loader, Text } from '@mantine/core';
import { RoomsScreen } from './rooms/RoomsScreen.tsx';
import { RoomScreen } from './rooms/RoomScreen.tsx';
import { BookersScreen } from './bookers/BookersScreen.tsx';
import { BookingForm } from './bookings/BookingForm.tsx';
import { BookingScreen } from './bookings/BookingScreen.tsx';

const CalendarScreen = lazy(() => import('./calendar/CalendarScreen.tsx'));

export default function App() {
  return (
    <Routes>
      <Route index element={<Suspense fallback={<Loader aria-label="Chargement du calendrier" />}><CalendarScreen /></Suspense>} />
      <Route path="salles" element={<RoomsScreen />} />
      <Route path="salles/:id" element={<RoomScreen />} />
      <Route path="reservants" element={<BookersScreen />} />
      <Route path="reservations/nouvelle" element={<BookingForm />} />
      <Route path="reservations/:id" element={<BookingScreen />} />
      <Route path="*" element={<Text>Cette page n’existe pas.</Text>} />
    </Routes>
  );
}
