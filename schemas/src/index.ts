/**
 * @comptoir/schemas: the entity schemas shared by the server, the SDK and the clients.
 * The building blocks (kinds.ts) tell the storage layer how each field is stored.
 */
export * from './kinds.ts';
export * from './kernel/index.ts';
export * from './contacts/index.ts';
export * from './catalogue/index.ts';
export * from './commerce/index.ts';
