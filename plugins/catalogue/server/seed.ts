/**
 * Examples for the French demo company (`npm start`, `npm run seed-demo`): what a Lyon bakery
 * sells, with the VAT rates French law gives them (5.5 % for bread and pastries sold to take
 * away, 10 % for food served on the spot, 20 % for services and drinks with alcohol). Only in a
 * company whose catalogue is still empty.
 */
import type { CallContext } from '@comptoir/sdk';
import type { CatalogueItemCreateInput } from '@comptoir/schemas';
import { Items } from './entities.ts';
import { itemsService } from './services/items.ts';

const DEMO_ITEMS: CatalogueItemCreateInput[] = [
  { name: 'Baguette tradition', keywords: 'pain', type: 'good', vat: 5.5, inclTaxesPrice: 1.3 },
  { name: 'Pain de campagne (500 g)', keywords: 'pain levain', type: 'good', vat: 5.5, inclTaxesPrice: 3.6 },
  { name: 'Croissant au beurre', keywords: 'viennoiserie', type: 'good', vat: 5.5, inclTaxesPrice: 1.2 },
  { name: 'Pain au chocolat', keywords: 'viennoiserie', type: 'good', vat: 5.5, inclTaxesPrice: 1.35 },
  { name: 'Tarte aux pralines (6 parts)', keywords: 'pâtisserie lyonnaise', type: 'good', vat: 5.5, inclTaxesPrice: 21 },
  { name: 'Formule déjeuner sur place', keywords: 'sandwich boisson dessert', type: 'good', vat: 10, inclTaxesPrice: 9.9 },
  { name: 'Buffet salé (par personne)', keywords: 'traiteur', type: 'good', vat: 10, exclTaxesPrice: 10 },
  { name: 'Livraison matinale', keywords: 'livraison', type: 'service', vat: 20, exclTaxesPrice: 15 },
  { name: 'Atelier pâtisserie (2 h)', keywords: 'cours', type: 'service', vat: 20, exclTaxesPrice: 45,
    shortDescription: 'Initiation aux viennoiseries, en petit groupe, ingrédients compris.' },
];

export async function seedDemo(ctx: CallContext): Promise<void> {
  if ((await ctx.repo(Items).count()) > 0) return;
  const items = itemsService(ctx);
  for (const item of DEMO_ITEMS) await items.create(item);
}
