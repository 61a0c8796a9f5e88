/**
 * Commerce primitives shared by the plugins that make, receive or pay documents (invoicing,
 * purchases, the till, the bank): lines, parties and their names, common document fields,
 * payments, hash-chain heads, accounting roles. The documents themselves belong to their plugins.
 */
export * from './line-item.ts';
export * from './vat-categories.ts';
export * from './party-names.ts';
export * from './parties.ts';
export * from './document.ts';
export * from './payment.ts';
export * from './chain-head.ts';
export * from './accounting-roles.ts';
