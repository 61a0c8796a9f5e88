/**
 * The text of the full-text index (server/src/db/README.md « Search index »): each searchable field
 * of an entity is stored twice more beside its column, both computed here, on every write, whoever
 * writes (the repository, an import, the benchmark's generator: `encodeRow` does it):
 * - `<field>__fold`: the value folded as `contains` compares it (accents and case, œ æ ß spelt out);
 * - `<field>__grams`: the distinct trigrams of that folded text, each spelt as one word of
 *   `[a-z0-9_]` so that a word index (SQLite FTS5, InnoDB FULLTEXT) indexes trigrams: a `contains`
 *   of 3 characters or more asks the index for the rows holding every trigram of the needle, then
 *   keeps those whose folded text really contains it (exact, whatever the index answers more).
 */

/** Accent- and case-insensitive folding: what `contains` compares, on both engines. */
export function foldText(s: unknown): string | null {
  if (s === null || s === undefined) return null;
  return String(s)
    .normalize('NFD')
    .replace(/\p{M}+/gu, '')
    .replace(/ß/g, 'ss').replace(/æ/gi, 'ae').replace(/œ/gi, 'oe')
    .toLowerCase();
}

/** The column beside `column` holding its folded text. */
export const foldColumn = (column: string): string => `${column}__fold`;
/** The column beside `column` holding its trigram words. */
export const gramsColumn = (column: string): string => `${column}__grams`;

/**
 * One character as part of a word: a-z and 0-9 as they are, anything else (space, apostrophe,
 * hyphen, a letter outside ASCII) as `_<hex code point>_`, so that no two trigrams share a word
 * and every word is made of characters both engines' word indexes keep inside a word.
 */
function spell(ch: string): string {
  return /^[a-z0-9]$/.test(ch) ? ch : `_${ch.codePointAt(0)!.toString(16)}_`;
}

/**
 * The distinct trigrams of a folded text, spelt as words, in order of first appearance. Each word
 * starts with `_`: no word is then an English word that a word index would leave out as a
 * stopword (`the`, `and`, `for`: MariaDB's default list applies to a FULLTEXT index created by a
 * session that did not turn it off, such as the restore of a dump).
 */
export function trigramWords(folded: string): string[] {
  const chars = Array.from(folded);
  const out = new Set<string>();
  for (let i = 0; i + 3 <= chars.length; i++) out.add(`_${spell(chars[i])}${spell(chars[i + 1])}${spell(chars[i + 2])}`);
  return [...out];
}

/** The `<field>__grams` value of a folded text (null for none, '' for fewer than 3 characters). */
export function gramsText(folded: string | null): string | null {
  return folded === null ? null : trigramWords(folded).join(' ');
}

/** Needles shorter than this (in characters, once folded) have no trigram: they scan `__fold`. */
export const MIN_INDEXED_NEEDLE = 3;
