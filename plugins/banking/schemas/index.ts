/**
 * The shapes of « Banque »: each entity's schema, its bodies and their types. The server, the
 * remote (`import type` only) and the tests import them here. Data only.
 */
export * from './account.ts';
export * from './csv-mapping.ts';
export * from './operation.ts';
export * from './category.ts';
export * from './contract.ts';
export * from './rule.ts';
export * from './month-info.ts';
export * from './import.ts';
export * from './aggregator.ts';
export * from './suggestion.ts';
