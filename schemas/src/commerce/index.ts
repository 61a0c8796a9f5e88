/** Commercial documents (spec 000 §3): lines, parties, invoices, quotations, payments. */
export * from './line-item.ts';
export * from './parties.ts';
export * from './document.ts';
export * from './invoice.ts';
export * from './quotation.ts';
export * from './payment.ts';
