/** GrapesJS ships its translations without type declarations: a locale is a tree of strings. */
declare module 'grapesjs/locale/fr.mjs' {
  const messages: Record<string, unknown>;
  export default messages;
}
