/**
 * Splitting an operation in parts (README « Split »): the parts' amounts add up exactly to the
 * parent's; they replace the previous parts; no part undoes the split. The parts carry the
 * categories in the months; the balance does not move (the parent still counts once).
 */
import { Decimal } from 'decimal.js';
import { badRequest, conflict, type CallContext } from '@comptoir/sdk';
import type { Operation, SplitInput } from '../../../schemas/index.ts';
import { Operations } from '../../entities.ts';
import { SPLIT_CHILD, SPLIT_SUM } from '../../messages.ts';
import { leafOf } from '../months/month-lines.ts';
import { checkClassification } from './classification.ts';
import { AccountChanges, record } from './ledger.ts';
import { operationsService } from './operations.ts';

/** Why these parts cannot split this amount (null: they can). Plain function. */
export function splitProblem(amount: number | string, parts: { amount: number | string }[]): string | null {
  if (parts.length === 0) return null;
  if (parts.length === 1) return 'Une ventilation compte au moins deux sous-opérations.';
  const sum = parts.reduce((s, p) => s.plus(p.amount), new Decimal(0));
  return sum.eq(amount) ? null : SPLIT_SUM(sum.toFixed(2), new Decimal(amount).toFixed(2));
}

export function splitService(ctx: CallContext) {
  const repo = () => ctx.repo(Operations);
  return {
    async split(id: string, input: SplitInput): Promise<{ operation: Operation; parts: Operation[] }> {
      const parent = await operationsService(ctx).lockOperation(id);
      if (parent.fk.parent) throw conflict(SPLIT_CHILD);
      const problem = splitProblem(parent.amount, input.parts);
      if (problem) throw badRequest(problem, [{ field: 'parts', message: 'somme' }]);
      for (const [i, p] of input.parts.entries()) await checkClassification(ctx, p.fk?.category, p.fk?.subCategory, `parts.${i}.fk`);
      const changes = new AccountChanges(parent.fk.account);
      changes.remove(leafOf(parent));
      for (const old of await repo().findMany({ 'fk.parent': id })) {
        changes.remove(leafOf(old));
        await repo().remove(old._id);
      }
      const parts: Operation[] = [];
      for (const p of input.parts) {
        parts.push(await repo().create({
          dateOperation: parent.dateOperation, dateValue: parent.dateValue ?? null,
          label: p.label ?? parent.label, originalLabel: parent.originalLabel ?? null,
          source: 'split', transactionMode: parent.transactionMode, amount: p.amount, location: parent.location ?? null,
          fk: { account: parent.fk.account, parent: id, category: p.fk?.category ?? null, subCategory: p.fk?.subCategory ?? null, customer: parent.fk.customer ?? null },
        }));
      }
      const operation = await repo().update(id, { subOperationsCount: parts.length });
      for (const part of parts) changes.add(leafOf(part));
      changes.add(leafOf(operation));
      await record(ctx, changes);
      return { operation, parts };
    },
  };
}

export type SplitService = ReturnType<typeof splitService>;
