/**
 * Examples for the French demo company (`npm start`, `npm run seed-demo`): what a Lyon bakery
 * sells, with the VAT rates French law gives them (5.5 % for bread and pastries sold to take
 * away, 10 % for food served on the spot, 20 % for services, sweets and drinks with alcohol). Only
 * in a company whose catalogue is still empty. The invoicing demo sells these items by name (its
 * lines carry their `itemId`), so their « Vendus » count follows its emitted invoices.
 */
import type { CallContext } from '@comptoir/sdk';
import type { CatalogueItemCreateInput } from '../schemas/index.ts';
import { Items } from './entities.ts';
import { itemsService } from './services/items/items.ts';

const DEMO_ITEMS: CatalogueItemCreateInput[] = [
  { name: 'Baguette tradition', keywords: 'pain', type: 'good', vat: 5.5, inclTaxesPrice: 1.3 },
  { name: 'Pain de campagne (500 g)', keywords: 'pain levain', type: 'good', vat: 5.5, inclTaxesPrice: 3.6 },
  { name: 'Croissant au beurre', keywords: 'viennoiserie', type: 'good', vat: 5.5, inclTaxesPrice: 1.2 },
  { name: 'Pain au chocolat', keywords: 'viennoiserie', type: 'good', vat: 5.5, inclTaxesPrice: 1.35 },
  { name: 'Tarte aux pralines (6 parts)', keywords: 'pâtisserie lyonnaise', type: 'good', vat: 5.5, inclTaxesPrice: 21 },
  { name: 'Galette des rois frangipane (6 parts)', keywords: 'pâtisserie épiphanie', type: 'good', vat: 5.5, inclTaxesPrice: 24 },
  { name: 'Bûche de Noël (8 parts)', keywords: 'pâtisserie fêtes', type: 'good', vat: 5.5, inclTaxesPrice: 36 },
  { name: 'Pièce montée (par chou)', keywords: 'pâtisserie mariage', type: 'good', vat: 5.5, inclTaxesPrice: 3,
    shortDescription: 'Choux à la crème pâtissière, nougatine et décor, à partir de 40 choux.' },
  // sweets are not « produits alimentaires » of the reduced rate: 20 %
  { name: 'Dragées aux amandes (sachet de 500 g)', keywords: 'confiserie mariage baptême', type: 'good', vat: 20, inclTaxesPrice: 25 },
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
