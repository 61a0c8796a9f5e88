/**
 * A product or service the company sells (catalogue README « Entities »). Both unit prices are
 * stored; the server completes the missing one from the other with the commerce engine (commerce README « Rules », Prices),
 * so a document line taken from the catalogue has both at once.
 */
import { Type, type Static } from '@sinclair/typebox';
import { Attachments, createInput, Entity, Id, Money, Str, StrEnum, Text, updateInput } from '@comptoir/schemas';

/** good: a product (stock, delivery); service: work or time. */
export const CATALOGUE_ITEM_TYPES = ['good', 'service'] as const;
export type CatalogueItemType = (typeof CATALOGUE_ITEM_TYPES)[number];

/**
 * For a company not subject to VAT, which of the two prices is the selling price: the incl. one
 * (the shop keeps its shelf price) or the excl. one.
 */
export const PRICE_IF_NOT_SUBJECT_TO_VAT = ['includeTaxes', 'excludeTaxes'] as const;
export type PriceIfNotSubjectToVat = (typeof PRICE_IF_NOT_SUBJECT_TO_VAT)[number];

/** The French rates offered by the screens (normal, intermediate, reduced, super-reduced, none). */
export const CATALOGUE_VAT_RATES = [20, 10, 5.5, 2.1, 0] as const;

export const CatalogueItem = Entity({
  name: Str({ minLength: 1 }),
  /** free words to find the item, separated by commas or spaces (a text, so that lists search it) */
  keywords: Type.Optional(Str()),
  shortDescription: Type.Optional(Text()),
  /** may hold HTML (shop pages) */
  longDescription: Type.Optional(Text()),
  /** percent; any rate from 0 to 100 (overseas departments use 8.5, 2.1, 1.75, 1.05…) */
  vat: Type.Number({ minimum: 0, maximum: 100, default: 20 }),
  /** unit price excluding taxes, euros */
  exclTaxesPrice: Money(),
  /** unit price including taxes, euros */
  inclTaxesPrice: Money(),
  enabled: Type.Boolean({ default: true }),
  type: StrEnum(CATALOGUE_ITEM_TYPES, { default: 'good' }),
  seoAlias: Type.Optional(Str()),
  seoTitle: Type.Optional(Str()),
  seoDescription: Type.Optional(Text()),
  /** quantity sold, maintained by the invoicing plugin through `catalogue.items.incrementSales`; never in a body */
  salesCount: Type.Number({ default: 0 }),
  priceIfNotSubjectToVat: StrEnum(PRICE_IF_NOT_SUBJECT_TO_VAT, { default: 'includeTaxes' }),
  attachments: Attachments(),
}, {
  groups: Type.Array(Id(), { default: [] }),
  company: Id(),
});
export type CatalogueItem = Static<typeof CatalogueItem>;

/** Set by the server only. */
export const CATALOGUE_ITEM_SERVER_MANAGED = ['salesCount', 'fk'] as const;

/**
 * The client may set `fk.groups`; `fk.company` always comes from the active company and is
 * refused as an unknown field. Prices have no default: a price that is not sent is computed from
 * the other one.
 */
const GroupsFkCreate = Type.Optional(Type.Object({ groups: Type.Optional(Type.Array(Id(), { default: [] })) }, { additionalProperties: false, default: {} }));
const GroupsFkUpdate = Type.Optional(Type.Object({ groups: Type.Optional(Type.Array(Id())) }, { additionalProperties: false }));

const create = createInput(CatalogueItem, { serverManaged: CATALOGUE_ITEM_SERVER_MANAGED, required: ['name'] });
const update = updateInput(CatalogueItem, { serverManaged: CATALOGUE_ITEM_SERVER_MANAGED });

export const CatalogueItemCreateInput = Type.Object({ ...create.properties, fk: GroupsFkCreate }, { additionalProperties: false });
export const CatalogueItemUpdateInput = Type.Object({ ...update.properties, fk: GroupsFkUpdate }, { additionalProperties: false });

/** What a client may write: the item without record and server-managed fields, all optional but the name at creation. */
export type CatalogueItemInput = Partial<Omit<CatalogueItem, '_id' | 'metadata' | (typeof CATALOGUE_ITEM_SERVER_MANAGED)[number]>> & {
  fk?: { groups?: string[] };
};
export type CatalogueItemCreateInput = CatalogueItemInput & { name: string };
export type CatalogueItemUpdateInput = CatalogueItemInput;
