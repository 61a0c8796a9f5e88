/** The route table of « Réservations », mounted under `/api/booking`, in the order they are matched. */
import type { RouteDefinition } from '@comptoir/sdk';
import { publicRoutes } from './public.ts';
import { roomRoutes } from './rooms.ts';
import { bookingRoutes } from './bookings.ts';

export const routes: RouteDefinition[] = [...publicRoutes, ...roomRoutes, ...bookingRoutes];
