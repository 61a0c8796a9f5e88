/**
 * Examples of « Réservations » for the demo company: two bookers and a rehearsal room following
 * its own hours (every day 09:00–21:00), with a mode and a preset; only when it has no room yet.
 */
import type { CallContext } from '@comptoir/sdk';
import { Bookers, Rooms } from './entities.ts';

export async function seedDemo(ctx: CallContext): Promise<void> {
  if ((await ctx.repo(Rooms).count()) > 0) return;
  const adult = await ctx.repo(Bookers).create({ name: 'Adulte' });
  const child = await ctx.repo(Bookers).create({ name: 'Enfant', description: 'Moins de 12 ans' });
  await ctx.repo(Rooms).create({
    name: 'Salle de répétition', description: 'Salle insonorisée de 30 m² avec piano droit.',
    useEstablishmentHours: false,
    regularHours: [{ days: ['MONDAY', 'TUESDAY', 'WENESDAY', 'THURSDAY', 'FRIDAY', 'SATURDAY', 'SUNDAY'], openTimes: [{ start: { hours: 9, minutes: 0 }, end: { hours: 21, minutes: 0 } }] }],
    smallSlotDurationAfterMainSlot: 30,
    durationPresets: [{ name: '1 heure', mainSlots: 1, extensionSlots: 0 }, { name: '2 heures', mainSlots: 2, extensionSlots: 0 }, { name: '1 h 30', mainSlots: 1, extensionSlots: 1 }],
    bookerSettings: [
      { fk: { booker: adult._id }, priceForMainSlot: 15, priceForNextSlots: 12, priceForExtendedSlots: 6 },
      { fk: { booker: child._id }, priceForMainSlot: 8, priceForNextSlots: 6, priceForExtendedSlots: 3, maxElement: 6 },
    ],
    modes: [{ name: 'Anniversaire', emoji: '🎂', color: '#d9480f', uuid: 'demo-anniversaire' }],
    fk: { bookers: [adult._id, child._id] },
  });
}
