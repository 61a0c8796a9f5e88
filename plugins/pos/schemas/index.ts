/**
 * The shapes of « Caisse »: each entity's schema, its bodies and their types. The server, the
 * remote (`import type` only) and the tests import them here; other plugins get the types through
 * `contract.ts`. Data only: this folder imports `@comptoir/schemas` and TypeBox, nothing else.
 */
export * from './cash.ts';
export * from './cash-register.ts';
export * from './event-log.ts';
export * from './print-server.ts';
export * from './closing-totals.ts';
export * from './receipt.ts';
export * from './closings.ts';
