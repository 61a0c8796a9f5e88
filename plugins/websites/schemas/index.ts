/**
 * The shapes of « Sites web »: each entity's schema, its bodies and their types. The server, the
 * remote (`import type` only) and the tests import them here; other plugins get the types through
 * `contract.ts`. Data only: this folder imports `@comptoir/schemas` and TypeBox, nothing else.
 */
export * from './style.ts';
export * from './layout.ts';
export * from './display.ts';
export * from './website.ts';
export * from './menu.ts';
export * from './page.ts';
export * from './template.ts';
export * from './article.ts';
export * from './home-access.ts';
