/**
 * The shapes of « Files de traitement »: each entity's schema, its bodies and their types. The server, the
 * remote (`import type` only) and the tests import them here; other plugins get the types through
 * `contract.ts`. Data only: this folder imports `@comptoir/schemas` and TypeBox, nothing else.
 */
export * from './queue.ts';
export * from './run.ts';
