/**
 * The « Réservation de salle » block of the websites (spec 001 §9, business blocks), contributed
 * through the SDK's `websiteBlocks` point without depending on `websites`: the room, its prices,
 * the next free starts of the coming days (server-rendered: visitors' pages run no script of
 * ours), and a link to the public booking page where the visitor chooses and books.
 */
import { html, type WebsiteBlockContribution } from '@comptoir/sdk';
import type { ReservableRoom } from '../../../schemas/index.ts';
import { Rooms } from '../../entities.ts';
import { availabilityOf } from '../availability/availability.ts';
import { publicRoom } from './public-rooms.ts';

const time = (iso: string) => new Intl.DateTimeFormat('fr-FR', { timeZone: 'Europe/Paris', hour: '2-digit', minute: '2-digit' }).format(new Date(iso));
const dayName = (iso: string) => new Intl.DateTimeFormat('fr-FR', { timeZone: 'Europe/Paris', weekday: 'long', day: 'numeric', month: 'long' }).format(new Date(iso));
const euros = (n: number) => new Intl.NumberFormat('fr-FR', { style: 'currency', currency: 'EUR' }).format(n);

export const roomBookingBlock: WebsiteBlockContribution = {
  identifier: 'room-booking',
  name: 'Réservation de salle',
  description: 'Une salle, ses tarifs, ses prochains horaires libres et un lien pour réserver en ligne.',
  category: 'business',
  params: [
    { name: 'roomId', label: 'Salle', kind: 'id', entity: 'booking.rooms' },
    { name: 'title', label: 'Titre', kind: 'string', default: '' },
    { name: 'days', label: 'Jours montrés', kind: 'number', default: 7, min: 1, max: 31 },
    { name: 'maxStarts', label: 'Horaires par jour (au plus)', kind: 'number', default: 8, min: 1, max: 48 },
  ],
  async render(ctx, settings, place) {
    if (typeof settings.roomId !== 'string') return '';
    const room = await ctx.repo(Rooms).find(settings.roomId) as ReservableRoom | null;
    if (!room || !room.publicBooking) return '';
    const days = Math.min(31, Math.max(1, Number(settings.days ?? 7)));
    const perDay = Math.min(48, Math.max(1, Number(settings.maxStarts ?? 8)));
    // a room without hours: the block still shows the room and its link
    const starts = await availabilityOf(ctx, room, { from: place.now.toISOString(), to: new Date(place.now.getTime() + days * 86_400_000).toISOString() })
      .then((a) => a.starts, () => [] as { start: string }[]);
    const byDay = new Map<string, string[]>();
    for (const s of starts) {
      const d = dayName(s.start);
      const list = byDay.get(d) ?? [];
      if (list.length < perDay) list.push(time(s.start));
      byDay.set(d, list);
    }
    const pub = await publicRoom(ctx, room);
    const link = `/api/booking/public/page?company=${place.companyId}&room=${room._id}`;
    return html`<section class="c-booking"><h2>${settings.title || room.name}</h2>${room.description ? html`<p>${room.description}</p>` : ''}
<ul class="c-booking-prices">${pub.bookers.map((b) => html`<li>${b.name} : ${euros(b.priceForMainSlot)} le premier créneau de ${room.bookingSlotMinimumDuration} min</li>`)}</ul>
${byDay.size ? html`<table class="c-booking-starts"><tbody>${[...byDay].map(([d, times]) => html`<tr><th scope="row">${d}</th><td>${times.join(' · ')}</td></tr>`)}</tbody></table>` : html`<p>Aucun horaire libre dans les ${days} prochains jours.</p>`}
<p><a class="c-button" href="${link}">Réserver en ligne</a></p></section>`.value;
  },
};
