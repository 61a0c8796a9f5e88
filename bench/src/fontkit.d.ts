/** The part of fontkit 2's API the documents suite uses (the package ships no types; pdfkit depends on it). */
declare module 'fontkit' {
  /** A parsed font; pdfkit takes one wherever it takes a font file (`typeof font.layout === 'function'`). */
  interface Font { layout(text: string, features?: unknown): unknown }
  export function create(buffer: Uint8Array, postscriptName?: string): Font;
}
