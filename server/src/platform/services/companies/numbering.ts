/**
 * Document numbers (spec 000 §5, §9; DESIGN §10): one counter per company and kind, taken inside
 * the emitting transaction. The company row is locked (SELECT … FOR UPDATE on MySQL; SQLite has a
 * single writer), so concurrent emissions queue on it and get consecutive numbers: no gap (a
 * rolled-back emission gives its number back with the transaction) and no duplicate.
 * The counter lives in the company's `numbering` settings, where the company screen shows it.
 */
import type { Knex } from 'knex';
import type { CallContext, KernelNumbering } from '@comptoir/sdk';
import { badRequest, conflict, notFound } from '@comptoir/sdk';
import {
  DOCUMENT_NUMBERING_KINDS, NUMBERING_KINDS, formatDocumentNumber,
  type NumberingKind, type NumberingSetting,
} from '@comptoir/schemas';
import { engineOf } from '../../../db/connect.ts';
import type { Call } from '../../../plugins/call.ts';


/** The setting of a kind, with the spec's defaults for a company stored before the kind existed. */
export function settingOf(numbering: Record<string, Partial<NumberingSetting>> | null | undefined, kind: NumberingKind): NumberingSetting {
  const stored = numbering?.[kind] ?? {};
  const documentKind = (DOCUMENT_NUMBERING_KINDS as readonly string[]).includes(kind);
  return {
    next: Number.isSafeInteger(stored.next) && stored.next! > 0 ? stored.next! : 1,
    minDigits: stored.minDigits ?? (documentKind ? 7 : 1),
    prefix: stored.prefix ?? '',
    suffix: stored.suffix ?? '',
  };
}

function assertKind(kind: string): asserts kind is NumberingKind {
  if (!(NUMBERING_KINDS as readonly string[]).includes(kind)) throw badRequest(`Type de numérotation inconnu : « ${kind} ».`);
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
      assertKind(kind);
      const id = companyId();
      const all = await readNumbering(db(), id, true);
      const setting = settingOf(all, kind);
      if (existing != null && Number.isSafeInteger(existing) && existing > 0) {
        return { number: existing, numberFull: formatDocumentNumber(setting, existing) };
      }
      const number = setting.next;
      all[kind] = { ...setting, next: number + 1 };
      await db()('kernel_companies').where('_id', id).update({ numbering: JSON.stringify(all) });
      return { number, numberFull: formatDocumentNumber(setting, number) };
    },
    async preview(kind) {
      assertKind(kind);
      const setting = settingOf(await readNumbering(db(), companyId(), false), kind);
      return { number: setting.next, numberFull: formatDocumentNumber(setting, setting.next) };
    },
  };
}

/**
 * A counter may be raised (a company arriving from another tool continues its sequence) but never
 * lowered: numbers already given would be given twice. Runs in the updating transaction, with the
 * counters locked, so that an emission cannot take a number between the check and the write.
 */
export async function assertCountersNotLowered(ctx: CallContext, companyId: string, requested: unknown): Promise<void> {
  if (!requested || typeof requested !== 'object') return;
  const stored = await readNumbering(ctx.resolve<Call>('call').opts.db, companyId, true);
  for (const [kind, value] of Object.entries(requested as Record<string, { next?: unknown }>)) {
    if (!(NUMBERING_KINDS as readonly string[]).includes(kind)) continue;
    const current = settingOf(stored, kind as NumberingKind).next;
    if (typeof value?.next === 'number' && value.next < current) {
      throw conflict(`Le compteur « ${kind} » ne peut pas redescendre sous ${current} : des numéros déjà attribués seraient réutilisés.`,
        [{ field: `numbering.${kind}.next`, message: `au moins ${current}` }]);
    }
  }
}
