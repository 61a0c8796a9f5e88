/**
 * The shapes of « Réservations »: each entity's schema, its bodies and their types. The server, the
 * remote (`import type` only) and the tests import them here. Data only.
 */
export * from './room.ts';
export * from './booking.ts';
