/**
 * The numbering kinds of the loaded plugins (`definePlugin({ numberingKinds })`), checked once at
 * boot: a kind is camelCase, has a French label, and is declared by one plugin only (two plugins
 * sharing a counter would give the same number twice). The numbering service takes and previews
 * only these kinds; the company API and screen list only these. A kind stored in a company for a
 * plugin since removed is not declared any more: it is kept in storage, untouched, and comes back
 * with its plugin.
 */
import type { NumberingKindDefinition, PluginDefinition } from '@comptoir/sdk';
import { COUNTER_MIN_DIGITS, DOCUMENT_MIN_DIGITS, NUMBERING_KIND_PATTERN, type NumberingSetting } from '@comptoir/schemas';
import { PluginError } from './manifest.ts';

export interface DeclaredNumberingKind extends Required<NumberingKindDefinition> {
  plugin: string;
}

interface PluginLike { def: PluginDefinition }

const KIND_RE = new RegExp(NUMBERING_KIND_PATTERN);

/** Documents first, then the other counters, each group in plugin dependency order. */
export function buildNumberingKinds(plugins: Iterable<PluginLike>): Map<string, DeclaredNumberingKind> {
  const found: DeclaredNumberingKind[] = [];
  const byKind = new Map<string, DeclaredNumberingKind>();
  for (const { def } of plugins) {
    for (const d of def.numberingKinds ?? []) {
      const kind = (d as { kind?: unknown }).kind;
      if (typeof kind !== 'string' || !KIND_RE.test(kind)) {
        throw new PluginError(`Plugin « ${def.id} » : le type de numérotation « ${String(kind)} » est invalide (camelCase attendu, par exemple « invoice » ou « paymentPurchase »).`);
      }
      if (typeof d.label !== 'string' || !d.label.trim()) {
        throw new PluginError(`Plugin « ${def.id} » : le type de numérotation « ${kind} » n’a pas de libellé.`);
      }
      const other = byKind.get(kind);
      if (other) {
        throw new PluginError(`Plugin « ${def.id} » : le type de numérotation « ${kind} » est déjà déclaré par « ${other.plugin} ».`);
      }
      const declared = { kind, label: d.label, document: d.document === true, plugin: def.id };
      byKind.set(kind, declared);
      found.push(declared);
    }
  }
  const ordered = [...found.filter((k) => k.document), ...found.filter((k) => !k.document)];
  return new Map(ordered.map((k) => [k.kind, k]));
}

const registries = new WeakMap<object, Map<string, DeclaredNumberingKind>>();

/** The kinds of a set of loaded plugins, built on first use (the boot builds them first). */
export function numberingKindsOf(plugins: Map<string, PluginLike>): Map<string, DeclaredNumberingKind> {
  let kinds = registries.get(plugins);
  if (!kinds) { kinds = buildNumberingKinds(plugins.values()); registries.set(plugins, kinds); }
  return kinds;
}

/** The setting of a declared kind, with the defaults (platform README « Platform rules and constants ») for whatever is not stored. */
export function settingOf(stored: Partial<NumberingSetting> | undefined, declared: { document: boolean }): NumberingSetting {
  const s = stored ?? {};
  return {
    next: Number.isSafeInteger(s.next) && s.next! > 0 ? s.next! : 1,
    minDigits: Number.isSafeInteger(s.minDigits) && s.minDigits! >= 0 ? s.minDigits! : (declared.document ? DOCUMENT_MIN_DIGITS : COUNTER_MIN_DIGITS),
    prefix: typeof s.prefix === 'string' ? s.prefix : '',
    suffix: typeof s.suffix === 'string' ? s.suffix : '',
  };
}
