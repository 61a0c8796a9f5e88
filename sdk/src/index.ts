export * from './errors.ts';
export * from './entity.ts';
export * from './repository.ts';
export * from './context.ts';
export * from './routes.ts';
export * from './plugin.ts';
export * from './migrations.ts';
export * from './crud.ts';
export const SDK_VERSION = '0.1.0';
