/**
 * Examples for the French demo company (`npm start`, `npm run seed-demo`): a year and a half of a
 * Lyon bakery's invoices to its customers, a draft and a quotation to follow up, and a monthly
 * recurring invoice for two customers of the directory (drafts on the 1st, to review).
 *
 * The examples hang together, as a real company's documents do:
 * - every document names a customer of the directory (`fk.receiverCustomer`), and its receiver
 *   is taken from that record by the same code as the API's, so name and address are the
 *   record's. The customers are those of the contacts demo, looked up by name; one that is
 *   missing (a directory of the owner's own, a deleted customer) is created with the same data;
 * - every line sold from the catalogue carries its `itemId` (looked up by name; a missing item
 *   gives a free line), and the invoices are emitted by the emission service, so the items'
 *   « Vendus » counts, the customers' balances, numbers and hashes come out as for real ones;
 * - the documents are dated over the previous and the current year: each is emitted, and each
 *   payment recorded, with the call's clock set to its date (`at`), in date order, so numbers
 *   and dates grow together. A dashboard then shows sales this month and last year, paid and
 *   unpaid invoices, one overdue (past the 30-day term), a quotation still open.
 * Documents are added only to a company without invoices, the template only to one without
 * templates, and nothing when the company cannot invoice (commerce README « Rules », Eligibility).
 */
import type { CallContext, ListParams } from '@comptoir/sdk';
import { INVOICE_MONTH, INVOICE_YEAR, missingInvoicingFields } from '@comptoir/sdk/commerce';
import type { Invoice } from '../schemas/index.ts';
import type { LineItemInput } from '@comptoir/schemas';
import { InvoiceTemplates, Invoices } from './entities.ts';
import { catalogueItems, companies, customers, type CatalogueItem } from './services/deps.ts';
import { templatesService } from './services/recurring/templates.ts';
import { draftsService } from './services/documents/drafts.ts';
import { emissionService } from './services/emission/emission.ts';
import { paymentsService } from './services/payments/payments.ts';
import { quotationsService } from './services/quotations/quotations.ts';

const DAY = 24 * 3600 * 1000;

const lyon = (name: string, address: string, zipCode: string) =>
  ({ name, address, zipCode, city: 'Lyon', country: 'France', delivery: true, invoicing: true });

/** The contacts demo's customers (plugins/contacts/server/seed.ts), as created when missing. */
const DEMO_CUSTOMERS = {
  hotel: {
    company: 'Hôtel du Parc', email: 'commandes@hotel-du-parc.example', telHome: '04 78 00 11 22', vatNumber: 'FR40123456824',
    siren: '123456824', siret: '12345682400010', electronicAddress: '123456824', paymentTermsDays: 45,
    origin: 'recommendation', addresses: [lyon('Hôtel', '8 avenue Foch', '69006')],
  },
  cafe: {
    company: 'Café des Arts', civ: 'M.', firstname: 'Marc', name: 'Lambert', email: 'marc@cafe-des-arts.example', origin: 'shop',
    addresses: [{ ...lyon('Café', '3 place des Terreaux', '69001'), invoicing: false }, { ...lyon('Siège', '21 rue Édouard Herriot', '69001'), delivery: false }],
  },
  town: {
    company: 'Mairie du 2e arrondissement', email: 'protocole@mairie2.lyon.example', telHome: '04 78 92 73 00',
    siren: '216901231', siret: '21690123100011', electronicAddress: '216901231',
    origin: 'recommendation', addresses: [lyon('Mairie', '2 rue d’Enghien', '69002')],
  },
  claire: {
    civ: 'Mme', firstname: 'Claire', name: 'Dubois', email: 'claire.dubois@exemple.example', gender: 'female', origin: 'shop',
    addresses: [{ address: '14 rue Victor Hugo', zipCode: '69002', city: 'Lyon', country: 'France', delivery: true, invoicing: true }],
  },
  julie: {
    civ: 'Mme', firstname: 'Julie', name: 'Bernard', email: 'julie.bernard@exemple.example', telMobile: '06 45 00 12 78', gender: 'female',
    origin: 'shop', addresses: [lyon('Domicile', '14 rue Mercière', '69002')],
  },
};
type DemoCustomer = keyof typeof DEMO_CUSTOMERS;


export async function seedDemo(ctx: CallContext): Promise<void> {
  if (missingInvoicingFields(await companies(ctx).current()).length > 0) return;
  if ((await ctx.repo(Invoices).count()) === 0) await seedDocuments(ctx);
  if ((await ctx.repo(InvoiceTemplates).count()) === 0) await seedRecurring(ctx);
}

/** The directory's customer of the demo under that key: found by its name, else created. */
async function demoCustomer(ctx: CallContext, key: DemoCustomer): Promise<string> {
  const data: Record<string, unknown> & { company?: string; firstname?: string; name?: string } = DEMO_CUSTOMERS[key];
  const filters: ListParams['filters'] = data.company
    ? { company: { mode: 'eq', value: data.company } }
    : { firstname: { mode: 'eq', value: data.firstname! }, name: { mode: 'eq', value: data.name! } };
  const found = await customers(ctx).list({ filters, pagination: { quantity: 1 } });
  if (found.data[0]) return found.data[0]._id;
  return (await customers(ctx).create(data))._id;
}

/** The directory's customers of these names (those the contacts demo adds), in this order. */
async function directoryCustomers(ctx: CallContext, names: string[]): Promise<string[]> {
  const page = await customers(ctx).list({ pagination: { quantity: 100 } });
  return names.map((n) => page.data.find((c) => c.company === n)?._id).filter((id): id is string => Boolean(id));
}

async function seedRecurring(ctx: CallContext): Promise<void> {
  const ids = await directoryCustomers(ctx, ['Hôtel du Parc', 'Café des Arts']);
  if (ids.length === 0) return;
  await templatesService(ctx).create({
    name: 'Livraisons du mois – hôtels et cafés',
    comment: 'Facturé le 1er de chaque mois, en brouillon à relire avant d’émettre.',
    cronRules: [{ cron: '0 8 1 * *', identifier: 'mensuel' }],
    fk: { customers: ids },
    items: [
      { labelPrimary: `Livraison quotidienne de pain – ${INVOICE_MONTH} ${INVOICE_YEAR}`, quantity: 30, vat: 5.5, exclTaxesPrice: 12, type: 'good' },
      { labelPrimary: `Frais de livraison – ${INVOICE_MONTH} ${INVOICE_YEAR}`, quantity: 1, vat: 20, exclTaxesPrice: 40 },
    ],
  });
}

/** A line sold from the catalogue: the item of that name, or (no such item) a free line at this price. */
interface Sold { item: string; quantity: number; vat: number; inclTaxesPrice: number; type?: 'good' | 'service'; labelSecondary?: string }

interface DemoInvoice {
  date: Date;
  customer: DemoCustomer;
  comment?: string;
  lines: Sold[];
  /** payments after the emission: days after it (capped at now), mode, amount (the whole by default) */
  payments?: { after: number; mode: 'transfer' | 'check' | 'cb'; amount?: number }[];
}

/**
 * The invoices of the demo, relative to `now`: five of last year, all paid; four of this year,
 * the last in the current month. Amounts of a small bakery's business sales.
 */
export function demoInvoices(now: Date): DemoInvoice[] {
  const last = now.getUTCFullYear() - 1;
  const on = (month: number, day: number) => new Date(Date.UTC(last, month - 1, day, 9));
  const ago = (days: number) => new Date(now.getTime() - days * DAY);
  const monthStart = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1, 8));
  // in the current month whatever the day (on the 1st before 8:00, now itself)
  const thisMonth = new Date(Math.min(now.getTime(), Math.max(monthStart.getTime(), now.getTime() - 2 * DAY)));
  const delivery = (quantity: number): Sold => ({ item: 'Livraison matinale', quantity, vat: 20, inclTaxesPrice: 18, type: 'service' });
  return [
    { date: on(1, 9), customer: 'town', comment: 'Vœux du maire', lines: [
      { item: 'Buffet salé (par personne)', quantity: 50, vat: 10, inclTaxesPrice: 11 },
      { item: 'Galette des rois frangipane (6 parts)', quantity: 12, vat: 5.5, inclTaxesPrice: 24 },
    ], payments: [{ after: 28, mode: 'transfer' }] },
    { date: on(4, 3), customer: 'hotel', comment: 'Petits-déjeuners du mois de mars', lines: [
      { item: 'Croissant au beurre', quantity: 600, vat: 5.5, inclTaxesPrice: 1.2 },
      { item: 'Pain au chocolat', quantity: 400, vat: 5.5, inclTaxesPrice: 1.35 },
      delivery(20),
    ], payments: [{ after: 25, mode: 'transfer' }] },
    { date: on(6, 20), customer: 'claire', lines: [
      { item: 'Atelier pâtisserie (2 h)', quantity: 2, vat: 20, inclTaxesPrice: 54, type: 'service', labelSecondary: 'Samedi 21 juin, 9 h – 11 h' },
    ], payments: [{ after: 0, mode: 'cb' }] },
    { date: on(10, 2), customer: 'cafe', lines: [
      { item: 'Tarte aux pralines (6 parts)', quantity: 10, vat: 5.5, inclTaxesPrice: 21 },
      { item: 'Pain de campagne (500 g)', quantity: 40, vat: 5.5, inclTaxesPrice: 3.6 },
    ], payments: [{ after: 12, mode: 'check' }] },
    { date: on(12, 22), customer: 'hotel', comment: 'Réveillon de Noël', lines: [
      { item: 'Bûche de Noël (8 parts)', quantity: 15, vat: 5.5, inclTaxesPrice: 36 },
      delivery(1),
    ], payments: [{ after: 20, mode: 'transfer' }] },
    { date: ago(120), customer: 'cafe', lines: [
      { item: 'Baguette tradition', quantity: 250, vat: 5.5, inclTaxesPrice: 1.3 },
      { item: 'Croissant au beurre', quantity: 150, vat: 5.5, inclTaxesPrice: 1.2 },
    ], payments: [{ after: 15, mode: 'check' }] },
    // unpaid past its 30-day term: overdue
    { date: ago(50), customer: 'cafe', lines: [
      { item: 'Baguette tradition', quantity: 300, vat: 5.5, inclTaxesPrice: 1.3 },
      { item: 'Croissant au beurre', quantity: 200, vat: 5.5, inclTaxesPrice: 1.2 },
      { item: 'Tarte aux pralines (6 parts)', quantity: 4, vat: 5.5, inclTaxesPrice: 21 },
    ] },
    // a deposit, the rest not yet due
    { date: ago(12), customer: 'town', comment: 'Réception des associations', lines: [
      { item: 'Buffet salé (par personne)', quantity: 30, vat: 10, inclTaxesPrice: 11 },
      { item: 'Tarte aux pralines (6 parts)', quantity: 5, vat: 5.5, inclTaxesPrice: 21 },
    ], payments: [{ after: 1, mode: 'check', amount: 200 }] },
    { date: thisMonth, customer: 'hotel', comment: 'Petits-déjeuners de la semaine', lines: [
      { item: 'Croissant au beurre', quantity: 120, vat: 5.5, inclTaxesPrice: 1.2 },
      { item: 'Pain au chocolat', quantity: 80, vat: 5.5, inclTaxesPrice: 1.35 },
      delivery(1),
    ] },
  ];
}

async function catalogueByName(ctx: CallContext): Promise<Map<string, CatalogueItem>> {
  const page = await catalogueItems(ctx).list({ pagination: { quantity: 500 } });
  return new Map(page.data.map((i) => [i.name, i]));
}

function lineOf(sold: Sold, items: Map<string, CatalogueItem>): LineItemInput {
  const item = items.get(sold.item);
  const extra = sold.labelSecondary ? { labelSecondary: sold.labelSecondary } : {};
  if (!item) return { labelPrimary: sold.item, quantity: sold.quantity, vat: sold.vat, inclTaxesPrice: sold.inclTaxesPrice, type: sold.type ?? 'good', ...extra };
  return { itemId: item._id, labelPrimary: item.name, quantity: sold.quantity, vat: item.vat, inclTaxesPrice: item.inclTaxesPrice ?? sold.inclTaxesPrice, type: item.type, ...extra };
}

async function seedDocuments(ctx: CallContext): Promise<void> {
  // the call as if it ran at that date: emission dates the invoice and the payment « now »
  const at = (now: Date): CallContext => ({ ...ctx, now });
  const items = await catalogueByName(ctx);
  const ids = new Map<DemoCustomer, string>();
  const customer = async (key: DemoCustomer) => {
    if (!ids.has(key)) ids.set(key, await demoCustomer(ctx, key));
    return ids.get(key)!;
  };

  // every emission and payment, in date order
  const steps: { date: Date; run: (c: CallContext) => Promise<unknown> }[] = [];
  const emitted = new Map<DemoInvoice, Invoice>();
  for (const doc of demoInvoices(ctx.now)) {
    steps.push({ date: doc.date, run: async (c) => {
      const draft = await draftsService(c).create({
        fk: { receiverCustomer: await customer(doc.customer) }, ...(doc.comment ? { comment: doc.comment } : {}),
        items: doc.lines.map((l) => lineOf(l, items)),
      });
      emitted.set(doc, await emissionService(c).emit(draft._id));
    } });
    for (const p of doc.payments ?? []) {
      const date = new Date(Math.min(ctx.now.getTime(), doc.date.getTime() + p.after * DAY + 3600 * 1000));
      steps.push({ date, run: (c) => paymentsService(c).recordForInvoice(emitted.get(doc)!._id, {
        mode: p.mode, amount: p.amount ?? emitted.get(doc)!.inclTaxesPrice, date: date.toISOString(),
      }) });
    }
  }
  steps.sort((a, b) => a.date.getTime() - b.date.getTime());
  for (const step of steps) await step.run(at(step.date));

  // to emit: the hotel's bread of the coming days
  await draftsService(ctx).create({
    fk: { receiverCustomer: await customer('hotel') },
    items: [lineOf({ item: 'Baguette tradition', quantity: 60, vat: 5.5, inclTaxesPrice: 1.3 }, items)],
  });
  // to follow up: a wedding's pièce montée, sent six days ago, valid 14 days
  await quotationsService(at(new Date(ctx.now.getTime() - 6 * DAY))).create({
    fk: { receiverCustomer: await customer('julie') },
    comment: 'Mariage du 12 : livraison à la salle le matin.',
    items: [
      lineOf({ item: 'Pièce montée (par chou)', quantity: 60, vat: 5.5, inclTaxesPrice: 3 }, items),
      lineOf({ item: 'Dragées aux amandes (sachet de 500 g)', quantity: 2, vat: 20, inclTaxesPrice: 25 }, items),
    ],
  });
}
