/**
 * The entities of « Facturation » (README « Entities »), shared by its server, its remote and its
 * tests; other plugins get them through `@comptoir/plugin-invoicing/contract`. The commerce
 * primitives they are made of (lines, parties, payments) are `@comptoir/schemas`'.
 */
export * from './invoice.ts';
export * from './quotation.ts';
export * from './invoice-payment.ts';
export * from './invoice-template.ts';
export * from './accounting-settings.ts';
export * from './einvoice.ts';
