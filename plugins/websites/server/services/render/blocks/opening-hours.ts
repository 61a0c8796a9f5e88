/**
 * The business block « Horaires d’ouverture » (spec 001 §9, default showSpecialTimeXDaysBefore 0),
 * contributed through the SDK's `websiteBlocks` point exactly as a booking or survey plugin will
 * contribute theirs: drawn from an establishment's regular and special hours (`kernel.establishments`).
 * Special hours are announced from `showSpecialTimeXDaysBefore` days before they start (0: on
 * their days only).
 */
import { html, type WebsiteBlockContribution } from '@comptoir/sdk';
import { timeOfDayText, WEEKDAYS, type Establishment } from '@comptoir/schemas';
import { establishments } from '../../deps.ts';

const DAY_NAMES: Record<string, string> = {
  MONDAY: 'Lundi', TUESDAY: 'Mardi', WENESDAY: 'Mercredi', THURSDAY: 'Jeudi', FRIDAY: 'Vendredi', SATURDAY: 'Samedi', SUNDAY: 'Dimanche',
};

type Hours = { start?: { hours: number; minutes: number }; end?: { hours: number; minutes: number } }[];
const times = (hours: Hours | undefined) => (hours?.length
  ? hours.map((t) => `${t.start ? timeOfDayText(t.start) : '?'} – ${t.end ? timeOfDayText(t.end) : '?'}`).join(', ')
  : 'Fermé');

/** `YYYY-MM-DD` in Paris of an instant, plus `days` */
function parisDay(now: Date, days = 0): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Paris' }).format(new Date(now.getTime() + days * 86_400_000));
}
const frenchDay = (d: string) => new Intl.DateTimeFormat('fr-FR', { day: 'numeric', month: 'long', timeZone: 'UTC' }).format(new Date(`${d}T12:00:00Z`));

/** The HTML of an establishment's hours (plain function, tested directly). */
export function openingHoursHtml(e: Pick<Establishment, 'name' | 'regularHours' | 'specialHours'>, settings: { title?: string; showSpecialTimeXDaysBefore?: number }, now: Date): string {
  const byDay = new Map<string, Hours>();
  for (const r of e.regularHours ?? []) for (const d of r.days ?? []) byDay.set(d, [...(byDay.get(d) ?? []), ...(r.openTimes ?? [])]);
  const today = parisDay(now);
  const until = parisDay(now, Math.max(0, Number(settings.showSpecialTimeXDaysBefore ?? 0)));
  const special = (e.specialHours ?? []).filter((s) => s.endDate >= today && s.startDate <= until);
  return html`<section class="c-hours"><h2>${settings.title || `Horaires — ${e.name}`}</h2>${special.map((s) => html`<p class="c-special"><strong>${s.name || 'Horaires exceptionnels'}</strong> (${s.startDate === s.endDate ? `le ${frenchDay(s.startDate)}` : `du ${frenchDay(s.startDate)} au ${frenchDay(s.endDate)}`}) : ${times(s.hours)}</p>`)}<table><tbody>${WEEKDAYS.map((d) => html`<tr><th scope="row">${DAY_NAMES[d]}</th><td>${times(byDay.get(d))}</td></tr>`)}</tbody></table></section>`.value;
}

export const openingHoursBlock: WebsiteBlockContribution = {
  identifier: 'opening-hours',
  name: 'Horaires d’ouverture',
  description: 'Les horaires d’un établissement, et ses horaires exceptionnels à venir.',
  category: 'business',
  params: [
    { name: 'establishmentId', label: 'Établissement', kind: 'id', entity: 'kernel.establishments' },
    { name: 'title', label: 'Titre', kind: 'string', default: '' },
    { name: 'showSpecialTimeXDaysBefore', label: 'Annoncer les horaires exceptionnels (jours avant)', kind: 'number', default: 0, min: 0, max: 365 },
  ],
  async render(ctx, settings, place) {
    if (typeof settings.establishmentId !== 'string') return '';
    try {
      const e = await establishments(ctx).get(settings.establishmentId);
      return openingHoursHtml(e, settings as never, place.now);
    } catch {
      return ''; // an establishment deleted since: the page is drawn without it
    }
  },
};
