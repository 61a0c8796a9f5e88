/**
 * Document numbers (platform README « Platform rules and constants », « Numbering »; docs/architecture.md « Shared mechanisms »): one counter per company and kind, taken inside
 * the emitting transaction. The company row is locked (SELECT … FOR UPDATE on MySQL; SQLite has a
 * single writer), so concurrent emissions queue on it and get consecutive numbers: no gap (a
 * rolled-back emission gives its number back with the transaction) and no duplicate.
 * The counter lives in the company's `numbering` settings, where the company screen shows it.
 */
import type { Knex } from 'knex';
import type { CallContext, KernelNumbering } from '@comptoir/sdk';
import { badRequest, conflict, notFound } from '@comptoir/sdk';
import { formatDocumentNumber, type NumberingSetting } from '@comptoir/schemas';
import { engineOf } from '../../../db/connect.ts';
import type { Call, LoadedPlugin } from '../../../plugins/call.ts';
import { numberingKindsOf, settingOf, type DeclaredNumberingKind } from '../../../plugins/numbering-kinds.ts';

export { settingOf };

/** The kinds the loaded plugins declare (documents first). */
export function declaredKinds(ctx: CallContext): Map<string, DeclaredNumberingKind> {
  return numberingKindsOf(ctx.resolve<Map<string, LoadedPlugin>>('plugins'));
}

/** A kind no loaded plugin declares is refused: a typo, or a plugin that is not installed. */
function declaredKind(ctx: CallContext, kind: string): DeclaredNumberingKind {
  const declared = typeof kind === 'string' ? declaredKinds(ctx).get(kind) : undefined;
  if (!declared) throw badRequest(`Type de numérotation inconnu : « ${String(kind)} ».`);
  return declared;
}

export async function readNumbering(db: Knex | Knex.Transaction, companyId: string, lock: boolean) {
  const qb = db('kernel_companies').select('numbering').where('_id', companyId).first();
  if (lock && engineOf(db as Knex) === 'mysql') qb.forUpdate();
  const row = (await qb) as { numbering: unknown } | undefined;
  if (!row) throw notFound('Entreprise introuvable.');
  const raw = row.numbering;
  return (typeof raw === 'string' ? JSON.parse(raw) : raw ?? {}) as Record<string, Partial<NumberingSetting>>;
}

export function numbering(ctx: CallContext): KernelNumbering {
  const companyId = () => {
    if (!ctx.caller.companyId) throw badRequest('Aucune entreprise active : précisez l’en-tête AT-Company.');
    return ctx.caller.companyId;
  };
  const db = () => ctx.resolve<Call>('call').opts.db;
  return {
    async take(kind, existing) {
      const declared = declaredKind(ctx, kind);
      const id = companyId();
      const all = await readNumbering(db(), id, true);
      const setting = settingOf(all[kind], declared);
      if (existing != null && Number.isSafeInteger(existing) && existing > 0) {
        return { number: existing, numberFull: formatDocumentNumber(setting, existing) };
      }
      const number = setting.next;
      all[kind] = { ...setting, next: number + 1 };
      await db()('kernel_companies').where('_id', id).update({ numbering: JSON.stringify(all) });
      return { number, numberFull: formatDocumentNumber(setting, number) };
    },
    async preview(kind) {
      const declared = declaredKind(ctx, kind);
      const setting = settingOf((await readNumbering(db(), companyId(), false))[kind], declared);
      return { number: setting.next, numberFull: formatDocumentNumber(setting, setting.next) };
    },
  };
}

/**
 * What PUT /kernel/companies/:id stores as `numbering`: the stored settings, with those sent for
 * declared kinds replaced (filled with the kind's defaults). A kind no loaded plugin declares is
 * refused when sent (400), and kept as stored when not: a plugin removed then reinstalled finds
 * its counter where it left it.
 *
 * A counter may be raised (a company arriving from another tool continues its sequence) but never
 * lowered: numbers already given would be given twice. Runs in the updating transaction, with the
 * counters locked, so that an emission cannot take a number between the check and the write.
 */
export async function mergeNumbering(ctx: CallContext, companyId: string, requested: unknown): Promise<Record<string, Partial<NumberingSetting>> | undefined> {
  if (!requested || typeof requested !== 'object') return undefined;
  const kinds = declaredKinds(ctx);
  const stored = await readNumbering(ctx.resolve<Call>('call').opts.db, companyId, true);
  const merged = { ...stored };
  for (const [kind, value] of Object.entries(requested as Record<string, Partial<NumberingSetting>>)) {
    const declared = kinds.get(kind);
    if (!declared) {
      throw badRequest(`Champ « numbering.${kind} » : type de numérotation inconnu (aucun module installé ne le déclare).`,
        [{ field: `numbering.${kind}`, message: 'type inconnu' }]);
    }
    const current = settingOf(stored[kind], declared).next;
    if (typeof value?.next === 'number' && value.next < current) {
      throw conflict(`Le compteur « ${kind} » ne peut pas redescendre sous ${current} : des numéros déjà attribués seraient réutilisés.`,
        [{ field: `numbering.${kind}.next`, message: `au moins ${current}` }]);
    }
    merged[kind] = settingOf({ ...stored[kind], ...value }, declared);
  }
  return merged;
}

/**
 * The numbering a new company is stored with: every declared kind filled with its defaults (as the
 * schema filled every kind before issue 12, so that the company as login answers it names its
 * counters), over what was given; a kind given that no loaded plugin declares is kept as given.
 */
export function initialNumbering(ctx: CallContext, given: unknown): Record<string, Partial<NumberingSetting>> {
  const stored = { ...((given && typeof given === 'object' ? given : {}) as Record<string, Partial<NumberingSetting>>) };
  for (const declared of declaredKinds(ctx).values()) stored[declared.kind] = settingOf(stored[declared.kind], declared);
  return stored;
}

/**
 * The numbering of a company as the API answers it: every declared kind, filled with its defaults,
 * and the next number of each as it will be printed; kinds of plugins not loaded are left out.
 */
export function numberingView(ctx: CallContext, stored: Record<string, Partial<NumberingSetting>> | null | undefined) {
  const numbering: Record<string, NumberingSetting> = {};
  const nextNumbers: Record<string, string> = {};
  const numberingKinds: { kind: string; label: string; document: boolean; plugin: string }[] = [];
  for (const declared of declaredKinds(ctx).values()) {
    const setting = settingOf(stored?.[declared.kind], declared);
    numbering[declared.kind] = setting;
    nextNumbers[declared.kind] = formatDocumentNumber(setting, setting.next);
    numberingKinds.push({ ...declared });
  }
  return { numbering, nextNumbers, numberingKinds };
}
