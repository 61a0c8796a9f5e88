/**
 * The shapes of « Projets »: each entity's schema, its bodies and their types. The server, the
 * remote (`import type` only) and the tests import them here. Data only.
 */
export * from './project.ts';
export * from './item.ts';
export * from './time.ts';
export * from './comment.ts';
