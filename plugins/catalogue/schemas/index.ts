/**
 * The catalogue's items (README « Entities »), shared by the plugin's server, its remote and its
 * tests; other plugins get them through `@comptoir/plugin-catalogue/contract`.
 */
export * from './item.ts';
