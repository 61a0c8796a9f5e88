/**
 * The entities of « Achats » (README « Entities »), shared by its server, its remote and its
 * tests; other plugins get them through `@comptoir/plugin-purchases/contract`. The commerce
 * primitives they are made of (lines, parties, payments) are `@comptoir/schemas`'.
 */
export * from './purchase.ts';
export * from './external-purchase.ts';
export * from './purchase-import.ts';
