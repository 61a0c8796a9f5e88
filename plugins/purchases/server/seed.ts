/**
 * Examples for the French demo company (`npm start`, `npm run seed-demo`): the bakery's purchases
 * of flour, butter and packaging from its providers (one paid, one partly paid, one to pay) and an
 * online order, written through the plugin's own services so that they are numbered, settled and
 * their payments hashed like real ones. Nothing is added when the company already has purchases.
 */
import type { CallContext } from '@comptoir/sdk';
import { ExternalPurchases, Purchases } from './entities.ts';
import { providers, type Provider } from './services/deps.ts';
import { purchasesService } from './services/purchases/purchases.ts';
import { externalPurchasesService } from './services/external/external-purchases.ts';

const DAY = 24 * 3600 * 1000;

async function provider(ctx: CallContext, company: string, more: Record<string, unknown> = {}): Promise<Provider> {
  const found = await providers(ctx).list({ filters: { company: { mode: 'eq', value: company } }, pagination: { quantity: 1 } });
  return found.data[0] ?? providers(ctx).create({ company, ...more });
}

export async function seedDemo(ctx: CallContext): Promise<void> {
  const counts = await Promise.all([ctx.repo(Purchases).count(), ctx.repo(ExternalPurchases).count()]);
  if (counts.some((n) => n > 0)) return;
  const purchases = purchasesService(ctx);
  const day = (daysAgo: number) => new Date(ctx.now.getTime() - daysAgo * DAY).toISOString();

  const mill = await provider(ctx, 'Moulin de la Vallée');
  const dairy = await provider(ctx, 'Laiterie des Monts');
  const packaging = await provider(ctx, 'Emballages du Rhône', {
    email: 'commandes@emballages-du-rhone.example', vatNumber: 'FR25493827166',
    addresses: [{ address: '40 rue de l’Industrie', zipCode: '69200', city: 'Vénissieux', country: 'France', delivery: true, invoicing: true }],
  });

  const flour = await purchases.create({
    fk: { provider: mill._id }, date: day(20), invoiceNumber: 'MV-2026-0412', commandOrder: 'BC-0031',
    items: [
      { labelPrimary: 'Farine de blé T65 (sac de 25 kg)', quantity: 12, vat: 5.5, exclTaxesPrice: 18.5, type: 'good' },
      { labelPrimary: 'Farine de seigle T130 (sac de 25 kg)', quantity: 2, vat: 5.5, exclTaxesPrice: 24.9, type: 'good' },
      { labelPrimary: 'Livraison', quantity: 1, vat: 20, exclTaxesPrice: 25 },
    ],
  });
  await purchases.recordPayment(flour._id, { mode: 'transfer', amount: flour.inclTaxesPrice, date: day(5) });
  await purchases.create({
    fk: { provider: dairy._id }, date: day(10), dueDate: day(-20), invoiceNumber: 'LDM-88217',
    items: [
      { labelPrimary: 'Beurre AOP Charentes-Poitou (kg)', quantity: 20, vat: 5.5, exclTaxesPrice: 9.8, type: 'good' },
      { labelPrimary: 'Crème fraîche épaisse 35 % (litre)', quantity: 10, vat: 5.5, exclTaxesPrice: 4.6, type: 'good' },
    ],
    payments: [{ mode: 'check', amount: 100, date: day(3) }],
  });
  await purchases.create({
    fk: { provider: packaging._id }, date: day(2), dueDate: day(-28), invoiceNumber: 'ER-26-1187', forResale: false,
    items: [
      { labelPrimary: 'Sacs à baguette kraft (lot de 1 000)', quantity: 2, vat: 20, exclTaxesPrice: 45, type: 'good' },
      { labelPrimary: 'Boîtes à gâteaux 20 × 20 cm (lot de 100)', quantity: 3, vat: 20, exclTaxesPrice: 32, type: 'good' },
    ],
  });
  await externalPurchasesService(ctx).create({
    shop: 'Matériel Pâtissier Pro', orderNumber: 'CMD-557301', orderDate: day(6), url: 'https://www.example.com/commandes/557301',
    inclTaxesDeliveryPrice: 6.9,
    items: [
      { label: 'Thermomètre de cuisson à sonde', quantity: 1, vat: 20, inclTaxesPrice: 24.9 },
      { label: 'Poches à douille jetables (rouleau de 100)', quantity: 2, vat: 20, inclTaxesPrice: 8.5, seller: 'Pâtisserie Direct' },
    ],
    paymentModes: [{ paymentMode: 'cb', amount: 48.8, date: day(6) }],
  });
}
