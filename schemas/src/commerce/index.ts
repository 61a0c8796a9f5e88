/** Commercial documents (commerce README): lines, parties, invoices, quotations, payments, purchases, external purchases. */
export * from './line-item.ts';
export * from './parties.ts';
export * from './document.ts';
export * from './invoice.ts';
export * from './quotation.ts';
export * from './payment.ts';
export * from './invoice-template.ts';
export * from './chain-head.ts';
export * from './accounting-settings.ts';
export * from './purchase.ts';
export * from './external-purchase.ts';
export * from './purchase-import.ts';
