export * from './item.ts';
