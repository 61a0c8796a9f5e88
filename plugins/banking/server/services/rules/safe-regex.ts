/**
 * Regular expressions typed by users, run with RE2JS (a port of RE2: linear time in the input, no
 * backtracking), so that no pattern can hang the server (README « Regex »). Backreferences and
 * lookarounds do not exist in RE2: such a pattern is invalid, hence never matches (spec §5).
 */
import { RE2JS } from 're2js';

/** labels are short; a longer text is cut before matching so that a match stays bounded */
export const MAX_LABEL = 1000;
export const MAX_PATTERN = 500;

export interface CompiledRegex { re: RE2JS }

const cache = new Map<string, CompiledRegex | null>();

/** The compiled pattern, or null when it is invalid (cached: rules run over many operations). */
export function compileRegex(pattern: string, caseSensitive: boolean): CompiledRegex | null {
  const key = `${caseSensitive ? 's' : 'i'}:${pattern}`;
  if (cache.has(key)) return cache.get(key)!;
  let compiled: CompiledRegex | null = null;
  if (pattern.length <= MAX_PATTERN) {
    try {
      compiled = { re: RE2JS.compile(pattern, caseSensitive ? 0 : RE2JS.CASE_INSENSITIVE) };
    } catch {
      compiled = null;
    }
  }
  if (cache.size > 2000) cache.clear();
  cache.set(key, compiled);
  return compiled;
}

/** The groups of the first match ([0] the whole match), or null. */
export function regexMatch(compiled: CompiledRegex, text: string): string[] | null {
  const m = compiled.re.matcher(text.slice(0, MAX_LABEL));
  if (!m.find()) return null;
  const groups: string[] = [];
  for (let i = 0; i <= compiled.re.groupCount(); i++) groups.push(m.group(i) ?? '');
  return groups;
}

/** Why a pattern is refused, in French (null: valid). */
export function regexProblem(pattern: string): string | null {
  if (pattern.length > MAX_PATTERN) return `Expression régulière trop longue (${MAX_PATTERN} caractères au plus).`;
  try {
    RE2JS.compile(pattern);
    return null;
  } catch (e) {
    return `Expression régulière invalide : ${(e as Error).message}`;
  }
}
