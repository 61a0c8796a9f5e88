/**
 * @comptoir/schemas: the primitives shared by the server, the SDK, the plugins and the clients
 * (README.md): the building blocks (kinds.ts tells the storage layer how each field is stored), the
 * platform's entities, and the commerce primitives several plugins share. A plugin's own entities
 * live in its `schemas/` folder (docs/architecture.md « Names »).
 */
export * from './kinds.ts';
export * from './kernel/index.ts';
export * from './commerce/index.ts';
export * from './identifiers/index.ts';
