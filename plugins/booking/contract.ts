/**
 * The contract of « Réservations » for other plugins: import it as `@comptoir/plugin-booking/contract`
 * and resolve with `ctx.use(bookingServices.items)` after declaring `"dependsOn": { "booking": … }`.
 * Types and ids only: importing it runs none of this plugin's code.
 */
import { defineServiceRef } from '@comptoir/sdk';
import type { Item } from './schemas/index.ts';

/** An item as other plugins receive it: the type of its schema (schemas/), never re-declared. */
export type BookingItem = Item;

/** `booking.items` */
export interface BookingItemsService {
  /** an item of the active company (404 otherwise) */
  get(id: string): Promise<BookingItem>;
  /** archives it once (409 the second time), in the caller's transaction */
  archive(id: string): Promise<BookingItem>;
}

export const bookingServices = {
  items: defineServiceRef<BookingItemsService>('booking.items'),
} as const;
