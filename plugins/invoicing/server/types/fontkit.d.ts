/** The part of fontkit 2 the PDF renderer uses (the package ships no types; pdfkit parses fonts with it). */
declare module 'fontkit' {
  /** A parsed font: pdfkit takes one wherever it takes a font file (`typeof font.layout === 'function'`). */
  export interface Font {
    layout(text: string, features?: unknown): unknown;
  }
  export function create(buffer: Uint8Array, postscriptName?: string): Font;
}
