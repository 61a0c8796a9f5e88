/**
 * Examples for the French demo company (`npm start`, `npm run seed-demo`): a few customers of a
 * bakery, its providers and the people behind them. Only in a company that has none of them yet.
 * The invoicing and purchases demos name these records by their `company` (or `name`) and take
 * the receiver from them, so a document of the demo always has its customer or provider here,
 * with the same name and address: keep the names in step with plugins/invoicing/server/seed.ts
 * and plugins/purchases/server/seed.ts.
 */
import type { CallContext } from '@comptoir/sdk';
import { Contacts, Customers, Providers } from './entities.ts';
import { customersService, providersService } from './services/parties/parties.ts';
import { contactsService } from './services/contacts/contacts.ts';

const lyon = (address: string, zipCode: string) => ({ address, zipCode, city: 'Lyon', country: 'France', delivery: true, invoicing: true });

export async function seedDemo(ctx: CallContext): Promise<void> {
  const counts = await Promise.all([ctx.repo(Customers).count(), ctx.repo(Providers).count(), ctx.repo(Contacts).count()]);
  if (counts.some((n) => n > 0)) return;
  const customers = customersService(ctx);
  const providers = providersService(ctx);
  const contacts = contactsService(ctx);

  const hotel = await customers.create({
    company: 'Hôtel du Parc', email: 'commandes@hotel-du-parc.example', telHome: '04 78 00 11 22', vatNumber: 'FR40123456824',
    siren: '123456824', siret: '12345682400010', electronicAddress: '123456824', paymentTermsDays: 45,
    origin: 'recommendation', addresses: [{ name: 'Hôtel', ...lyon('8 avenue Foch', '69006') }],
  });
  await customers.create({
    company: 'Café des Arts', civ: 'M.', firstname: 'Marc', name: 'Lambert', email: 'marc@cafe-des-arts.example',
    telMobile: '06 12 00 34 56', origin: 'shop',
    addresses: [
      { name: 'Café', ...lyon('3 place des Terreaux', '69001'), invoicing: false },
      { name: 'Siège', ...lyon('21 rue Édouard Herriot', '69001'), delivery: false },
    ],
  });
  await customers.create({
    civ: 'Mme', firstname: 'Claire', name: 'Dubois', email: 'claire.dubois@exemple.example', gender: 'female',
    origin: 'shop', addresses: [lyon('14 rue Victor Hugo', '69002')],
  });
  await customers.create({
    company: 'Mairie du 2e arrondissement', email: 'protocole@mairie2.lyon.example', telHome: '04 78 92 73 00',
    siren: '216901231', siret: '21690123100011', electronicAddress: '216901231',
    origin: 'recommendation', addresses: [{ name: 'Mairie', ...lyon('2 rue d’Enghien', '69002') }],
  });
  await customers.create({
    civ: 'Mme', firstname: 'Julie', name: 'Bernard', email: 'julie.bernard@exemple.example', telMobile: '06 45 00 12 78',
    gender: 'female', origin: 'shop', addresses: [{ name: 'Domicile', ...lyon('14 rue Mercière', '69002') }],
  });
  const mill = await providers.create({
    company: 'Moulin de la Vallée', email: 'commandes@moulin-vallee.example', telHome: '04 74 00 98 76',
    bankTransferLabels: ['MOULIN DE LA VALLEE'],
    addresses: [{ address: '2 chemin du Moulin', zipCode: '01000', city: 'Bourg-en-Bresse', country: 'France', delivery: true, invoicing: true }],
  });
  await providers.create({
    company: 'Laiterie des Monts', email: 'contact@laiterie-des-monts.example',
    addresses: [{ address: '12 route de la Fruitière', zipCode: '39000', city: 'Lons-le-Saunier', country: 'France', delivery: true, invoicing: true }],
  });
  await providers.create({
    company: 'Emballages du Rhône', email: 'commandes@emballages-du-rhone.example', vatNumber: 'FR25493827166',
    addresses: [{ address: '40 rue de l’Industrie', zipCode: '69200', city: 'Vénissieux', country: 'France', delivery: true, invoicing: true }],
  });

  await contacts.create({
    prefix: 'Mme', firstname: 'Sophie', name: 'Garnier', company: 'Hôtel du Parc', job: 'Responsable des achats',
    emails: [{ email: 'sophie.garnier@hotel-du-parc.example', type: 'work' }],
    phoneNumbers: [{ value: '06 98 76 54 32', type: 'mobile' }, { value: '04 78 00 11 23', type: 'work' }],
    customers: [{ customerId: hotel._id, invoicesReceiver: true, quotationsReceiver: true }],
  });
  await contacts.create({
    firstname: 'Julien', name: 'Perrin', company: 'Moulin de la Vallée', job: 'Commercial',
    phoneNumbers: [{ value: '06 11 22 33 44', type: 'mobile' }],
    emails: [{ email: 'julien.perrin@moulin-vallee.example', type: 'work' }],
    fk: { providers: [mill._id] },
  });
  await contacts.create({
    firstname: 'Nathalie', name: 'Roux', company: 'Cabinet Roux & Associés', job: 'Expert-comptable',
    emails: [{ email: 'n.roux@cabinet-roux.example', type: 'work' }],
    events: [{ date: '--09-12', type: 'birthday' }],
  });
}
