/**
 * Examples for the French demo company (`npm start`, `npm run seed-demo`): two emitted invoices
 * (one paid, one partly paid), a draft and a quotation, written through the plugin's own services
 * so that they are numbered, hashed and settled like real ones; and a monthly recurring invoice
 * for two customers of the directory (drafts on the 1st, to review before emitting). Documents are
 * added only to a company without invoices, the template only to one without templates, and
 * nothing when the company cannot invoice (spec §5).
 */
import type { CallContext } from '@comptoir/sdk';
import { INVOICE_MONTH, INVOICE_YEAR, missingInvoicingFields } from '@comptoir/sdk/commerce';
import { InvoiceTemplates, Invoices } from './entities.ts';
import { companies, customers } from './services/deps.ts';
import { templatesService } from './services/recurring/templates.ts';
import { draftsService } from './services/documents/drafts.ts';
import { emissionService } from './services/emission/emission.ts';
import { paymentsService } from './services/payments/payments.ts';
import { quotationsService } from './services/quotations/quotations.ts';

const address = (name: string, street: string, zipCode: string, city: string) =>
  ({ name, address: street, zipCode, city, country: 'France', delivery: true, invoicing: true });

export async function seedDemo(ctx: CallContext): Promise<void> {
  if (missingInvoicingFields(await companies(ctx).current()).length > 0) return;
  if ((await ctx.repo(Invoices).count()) === 0) await seedDocuments(ctx);
  if ((await ctx.repo(InvoiceTemplates).count()) === 0) await seedRecurring(ctx);
}

/** The directory's customers of these names (those the contacts demo adds), in this order. */
async function demoCustomers(ctx: CallContext, names: string[]): Promise<string[]> {
  const page = await customers(ctx).list({ pagination: { quantity: 100 } });
  return names.map((n) => page.data.find((c) => c.company === n)?._id).filter((id): id is string => Boolean(id));
}

async function seedRecurring(ctx: CallContext): Promise<void> {
  const ids = await demoCustomers(ctx, ['Hôtel du Parc', 'Café des Arts']);
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

async function seedDocuments(ctx: CallContext): Promise<void> {
  const drafts = draftsService(ctx);
  const emission = emissionService(ctx);
  const payments = paymentsService(ctx);

  const hotel = { company: 'Hôtel du Parc', invoicingAddress: address('Hôtel du Parc', '5 place Bellecour', '69002', 'Lyon') };
  const breakfast = await drafts.create({
    receiver: hotel,
    items: [
      { labelPrimary: 'Croissant au beurre', quantity: 120, vat: 5.5, exclTaxesPrice: 0.95, type: 'good' },
      { labelPrimary: 'Pain au chocolat', quantity: 80, vat: 5.5, exclTaxesPrice: 1.05, type: 'good' },
      { labelPrimary: 'Livraison matinale', quantity: 1, vat: 20, exclTaxesPrice: 15 },
    ],
  });
  const paid = await emission.emit(breakfast._id);
  await payments.recordForInvoice(paid._id, { mode: 'transfer', amount: paid.inclTaxesPrice });

  const town = { company: 'Mairie du 2e arrondissement', invoicingAddress: address('Mairie', '2 rue d’Enghien', '69002', 'Lyon') };
  const buffet = await drafts.create({
    receiver: town,
    comment: 'Vœux du maire',
    items: [
      { labelPrimary: 'Buffet salé (50 personnes)', quantity: 1, vat: 10, inclTaxesPrice: 550 },
      { labelPrimary: 'Galettes des rois', quantity: 12, vat: 5.5, inclTaxesPrice: 24 },
    ],
  });
  const partly = await emission.emit(buffet._id);
  await payments.recordForInvoice(partly._id, { mode: 'check', amount: 300 });

  await drafts.create({
    receiver: hotel,
    items: [{ labelPrimary: 'Baguette tradition', quantity: 60, vat: 5.5, inclTaxesPrice: 1.3, type: 'good' }],
  });
  await quotationsService(ctx).create({
    receiver: { firstname: 'Julie', name: 'Bernard', invoicingAddress: address('Domicile', '14 rue Mercière', '69002', 'Lyon') },
    items: [
      { labelPrimary: 'Pièce montée (60 choux)', quantity: 1, vat: 5.5, inclTaxesPrice: 180, type: 'good' },
      { labelPrimary: 'Dragées', quantity: 2, vat: 5.5, inclTaxesPrice: 25, labelSecondary: 'Sachets de 500 g', type: 'good' },
    ],
  });
}
