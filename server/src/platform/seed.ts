/**
 * The kernel's examples for the French demo company (`npm start`, `npm run seed-demo`), what a
 * bakery owner finds on first start in the platform screens: the shop with its real opening hours
 * and its summer closing, customer groups, a « Jour de livraison » on customers, a kept welcome
 * in the notification centre, an invitation for the shop's sales staff, and the company's logo
 * (printed on its invoices and quotations).
 *
 * The logo is drawn here, not committed as a file: a small SVG (an ear of wheat in a circle and
 * the name, in the serif font the system has) rasterised by sharp to a 600 × 240 PNG on white,
 * stored like an uploaded one (`<company>/logo/`, tagged `logo`). With the first seeding only,
 * like the welcome: a logo the owner removed does not come back.
 *
 * Like the plugins' seeds (`definePlugin({ seedDemo })`), each part is seeded only when its
 * collection holds nothing of the kind yet in the company, so a second run changes nothing and
 * the owner's own establishments, groups, properties or invitations are never doubled. The kernel
 * seeds first (plugins depend on it): the customers' groups and property exist only when the
 * contacts plugin is loaded, and the plugins' own examples come after.
 */
import type { CallContext, KernelNotifier } from '@comptoir/sdk';
import { randomUUID } from 'node:crypto';
import sharp from 'sharp';
import type { Company, EstablishmentCreateInput, Role, UserProp, UserPropCreateInput } from '@comptoir/schemas';
import { Companies, Establishments, Groups, Invitations, Roles, UserProps } from '../entities/platform.ts';
import { normalizeHours, validateHours } from './services/establishments/opening-hours.ts';
import { createGroup, groupableCollections } from './services/groups/groups.ts';
import { createUserProp, userPropCollections } from './services/user-props/user-props.ts';
import { drawKey } from './services/invitations/invitations.ts';
import { LOGO_TAG, logoOf, setLogo } from './services/companies/company-logo.ts';
import { SUBFOLDERS, newFilename, storageKey } from './services/files/attachment-keys.ts';
import type { FileStorage } from '../storage/file-storage.ts';

const CUSTOMERS = 'contacts.customers';
export const DEMO_ESTABLISHMENT = 'Boulangerie Martin — Centre';
export const DEMO_INVITATION = 'Vendeuses';
export const WELCOME_TITLE = 'Bienvenue dans Comptoir';

/** The summer closing of a French bakery: the first three weeks of August. */
const SUMMER = { from: '08-03', to: '08-23' };

/** The coming summer closing: this year's, or next year's once this one is over. */
export function summerClosing(now: Date): { startDate: string; endDate: string; name: string } {
  const year = now.toISOString().slice(0, 10) > `${now.getUTCFullYear()}-${SUMMER.to}` ? now.getUTCFullYear() + 1 : now.getUTCFullYear();
  return { startDate: `${year}-${SUMMER.from}`, endDate: `${year}-${SUMMER.to}`, name: 'Congés d’été' };
}

export function demoEstablishment(now: Date): EstablishmentCreateInput {
  return {
    name: DEMO_ESTABLISHMENT,
    description: 'Boulangerie-pâtisserie artisanale : pains au levain, viennoiseries, tartes aux pralines.',
    address: { name: 'Boutique', address: '12 rue de la République', zipCode: '69002', city: 'Lyon', country: 'France' },
    website: 'https://boulangerie-martin.fr',
    tels: [{ type: 'Accueil', value: '04 78 00 00 00' }],
    regularHours: [
      // closed on Monday: no entry
      { days: ['TUESDAY', 'WENESDAY', 'THURSDAY', 'FRIDAY', 'SATURDAY'], openTimes: [{ start: '07:00', end: '13:00' }, { start: '15:00', end: '19:30' }] },
      { days: ['SUNDAY'], openTimes: [{ start: '07:00', end: '12:30' }], description: 'Le dimanche, le matin seulement' },
    ],
    // no hours: closed
    specialHours: [{ ...summerClosing(now), hours: [] }],
  };
}

const WEEKDAYS_FR = ['lundi', 'mardi', 'mercredi', 'jeudi', 'vendredi', 'samedi', 'dimanche'];

export const DELIVERY_DAY: UserPropCreateInput = {
  name: 'Jour de livraison', variable: 'jourLivraison', pluginIdentifier: CUSTOMERS,
  description: 'Jour de la tournée de livraison des clients professionnels.',
  type: 'select', filter: true,
  selectOptions: WEEKDAYS_FR.map((value) => ({ label: value[0].toUpperCase() + value.slice(1), value, hidden: false })),
  editionPlacement: 'end', listPlacement: 'end', cardPlacement: 'end',
} as UserPropCreateInput;

export async function seedDemo(ctx: CallContext): Promise<void> {
  if ((await ctx.repo(Establishments).count()) === 0) {
    // written as a person would type it (HH:MM), stored as the spec's { hours, minutes }
    const { body: shop, problems } = normalizeHours(demoEstablishment(ctx.now));
    problems.push(...validateHours(shop as Parameters<typeof validateHours>[0]));
    if (problems.length) throw new Error(`demo hours: ${JSON.stringify(problems)}`);
    await ctx.repo(Establishments).create(shop as Record<string, unknown>);
    // with the first seeding only: a welcome the owner dismissed does not come back at the next start
    await ctx.resolve<KernelNotifier>('notifier').notify('company', {
      title: WELCOME_TITLE,
      content: 'Voici votre boulangerie de démonstration : les horaires de la boutique du centre, des groupes de clients et le jour de livraison de vos clients professionnels sont prêts. Modifiez-les à votre guise.',
      style: 'success', liveOnly: false,
      choices: [{ title: 'Voir les horaires', url: '/etablissements', urlMode: 'navigate' }],
    });
    await seedLogo(ctx);
  }
  await seedCustomerGroups(ctx);
  await seedDeliveryDay(ctx);
  await seedInvitation(ctx);
}

async function seedCustomerGroups(ctx: CallContext): Promise<void> {
  if (!groupableCollections(ctx).includes(CUSTOMERS)) return;
  if ((await ctx.repo(Groups).count({ pluginIdentifier: CUSTOMERS })) > 0) return;
  const pro = await createGroup(ctx, { pluginIdentifier: CUSTOMERS, name: 'Professionnels', color: '#1c7ed6', description: 'Restaurants, hôtels, cafés et épiceries livrés.' });
  await createGroup(ctx, { pluginIdentifier: CUSTOMERS, name: 'Restaurants', color: '#e8590c', fk: { parent: pro._id } });
  await createGroup(ctx, { pluginIdentifier: CUSTOMERS, name: 'Particuliers', color: '#2f9e44', description: 'Clients de la boutique.' });
}

async function seedDeliveryDay(ctx: CallContext): Promise<void> {
  if (!userPropCollections(ctx).some((c) => c.pluginIdentifier === CUSTOMERS)) return;
  // the company's own property, or a server one applying to it, under that variable
  const same = await ctx.unscoped(UserProps).findMany({ pluginIdentifier: CUSTOMERS, variable: DELIVERY_DAY.variable }) as UserProp[];
  if (same.some((d) => d.server || d.fk.company === ctx.caller.companyId)) return;
  await createUserProp(ctx, DELIVERY_DAY);
}

/**
 * « Vendeuses » grants a role of the company that is not its « Administrateur » (nor any god
 * role): an invitation handing out every right would be a poor example. A company with no such
 * role gets no invitation (the stock demo company has only « Administrateur »). The link's key is
 * drawn and not kept: the owner gets a working link with « Nouveau lien ».
 */
async function seedInvitation(ctx: CallContext): Promise<void> {
  if ((await ctx.repo(Invitations).count()) > 0) return;
  const roles = (await ctx.repo(Roles).findMany({}) as Role[])
    .filter((r) => !r.god && r.name !== 'Administrateur')
    .sort((a, b) => a.name.localeCompare(b.name, 'fr'));
  if (roles.length === 0) return;
  await ctx.repo(Invitations).create({
    name: DEMO_INVITATION,
    description: 'Pour rejoindre l’équipe de vente de la boutique : votre demande est validée par la gérance.',
    date: ctx.now.toISOString(), maxUsage: 5, manualRequestChecking: true, active: true,
    fk: { roles: [roles[0]._id] }, keyHash: drawKey().keyHash,
  });
}

/** The demo bakery's logo: an ear of wheat in a circle, and the name. */
export const DEMO_LOGO_SVG = `<svg xmlns="http://www.w3.org/2000/svg" width="600" height="240" viewBox="0 0 600 240">
  <rect width="600" height="240" fill="#ffffff"/>
  <circle cx="120" cy="120" r="100" fill="#f4e3c1" stroke="#8a4b12" stroke-width="8"/>
  <path d="M120 200 L120 60" stroke="#8a4b12" stroke-width="7" stroke-linecap="round"/>
  ${[70, 95, 120, 145].map((y) => `<ellipse cx="100" cy="${y}" rx="11" ry="22" transform="rotate(-35 100 ${y})" fill="#c8862a"/>
  <ellipse cx="140" cy="${y}" rx="11" ry="22" transform="rotate(35 140 ${y})" fill="#c8862a"/>`).join('\n  ')}
  <ellipse cx="120" cy="48" rx="10" ry="20" fill="#c8862a"/>
  <text x="245" y="112" font-family="DejaVu Serif, serif" font-size="46" font-weight="bold" fill="#8a4b12">Boulangerie</text>
  <text x="245" y="166" font-family="DejaVu Serif, serif" font-size="46" font-weight="bold" fill="#8a4b12">Martin</text>
  <text x="247" y="200" font-family="DejaVu Sans, sans-serif" font-size="20" fill="#6b5a45">Au Bon Pain de Lyon</text>
</svg>`;

async function seedLogo(ctx: CallContext): Promise<void> {
  const companyId = ctx.caller.companyId!;
  if (logoOf(await ctx.unscoped(Companies).get(companyId) as Company)) return;
  const png = await sharp(Buffer.from(DEMO_LOGO_SVG)).flatten({ background: '#ffffff' }).png().toBuffer();
  const location = { folder: companyId, subfolder: SUBFOLDERS.logo, filename: newFilename('png') };
  await ctx.resolve<FileStorage>('storage').put(storageKey(location, 'original'), png);
  await setLogo(ctx, companyId, {
    mime: 'image/png', size: png.length, ...location, name: 'logo-boulangerie-martin.png',
    createdAt: ctx.now.toISOString(), tags: [LOGO_TAG], uuid: randomUUID(),
  });
}
