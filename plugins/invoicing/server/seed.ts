/**
 * Examples for the French demo company (`npm start`, `npm run seed-demo`): two emitted invoices
 * (one paid, one partly paid), a draft and a quotation, written through the plugin's own services
 * so that they are numbered, hashed and settled like real ones. Nothing is added when the company
 * already has invoices, nor when it cannot invoice (spec §5).
 */
import type { CallContext } from '@comptoir/sdk';
import { missingInvoicingFields } from '@comptoir/sdk/commerce';
import { Invoices } from './entities.ts';
import { companies } from './services/deps.ts';
import { draftsService } from './services/drafts.ts';
import { emissionService } from './services/emission.ts';
import { paymentsService } from './services/payments.ts';
import { quotationsService } from './services/quotations.ts';

const address = (name: string, street: string, zipCode: string, city: string) =>
  ({ name, address: street, zipCode, city, country: 'France', delivery: true, invoicing: true });

export async function seedDemo(ctx: CallContext): Promise<void> {
  if ((await ctx.repo(Invoices).count()) > 0) return;
  if (missingInvoicingFields(await companies(ctx).current()).length > 0) return;
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
