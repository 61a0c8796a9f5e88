/**
 * The contract of « Réservations » for other plugins: types only (no service is exported yet).
 * Import it as `@comptoir/plugin-booking/contract`.
 */
export type { ReservableRoom, ReservableRoomBooking, ReservableRoomBooker } from './schemas/index.ts';
