/**
 * The « Réservations » plugin (issue 18), declared as data: rooms, bookers, bookings, the
 * availability engine, public booking, the website block, quotations and invoices from bookings.
 * Nothing is registered by side effect.
 */
import { contribute, definePlugin, recordLinks, websiteBlocks } from '@comptoir/sdk';
import { Bookers, Bookings, PLUGIN_ID, Rooms } from './entities.ts';
import { PERMISSIONS, READ } from './permissions.ts';
import { EVENTS, NOTICE_INVALID } from './events.ts';
import { routes } from './routes/index.ts';
import { SERVICES } from './services/index.ts';
import { booking } from './migrations/20261128010000_booking.ts';
import { roomBookingBlock } from './services/public/website-block.ts';
import { invoiceLinks, quotationLinks } from './services/invoicing/links.ts';
import { revalidateEstablishmentRooms } from './services/rooms/rooms.ts';
import { seedDemo } from './seed.ts';

export default definePlugin({
  id: PLUGIN_ID,
  entities: [Rooms, Bookers, Bookings],
  migrations: [booking],
  permissions: PERMISSIONS,
  events: EVENTS,
  pushNotifications: [
    { sysName: NOTICE_INVALID, category: 'Réservations', name: 'Réservations devenues impossibles', description: 'Après un changement d’horaires ou de ressources, des réservations à venir ne sont plus valables.', permissions: [READ] },
  ],
  services: SERVICES,
  routes,
  subscriptions: [
    // §4: an establishment's hours changed, the rooms following them check their coming bookings
    { event: 'kernel.establishment.updated', handler: (e, ctx) => revalidateEstablishmentRooms(ctx, (e.payload as { _id: string })._id) },
  ],
  contributions: [contribute(websiteBlocks, roomBookingBlock), contribute(recordLinks, invoiceLinks), contribute(recordLinks, quotationLinks)],
  seedDemo,
});
