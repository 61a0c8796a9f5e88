/**
 * Operations (README « Operations »): manual ones created and edited freely; imported ones keep
 * the bank's date, amount and account; a split parent keeps its amount while split; its parts change
 * only through a new split (split.ts). Every write goes through the ledger (balance, months).
 */
import { Decimal } from 'decimal.js';
import { badRequest, conflict, type CallContext } from '@comptoir/sdk';
import type { Operation, OperationInput } from '../../../schemas/index.ts';
import { Accounts, Operations, Suggestions } from '../../entities.ts';
import { CHILD_DELETE, CHILD_EDIT, MATCHED_OPERATION, SPLIT_PARENT_AMOUNT } from '../../messages.ts';
import { leafOf } from '../months/month-lines.ts';
import { checkClassification } from './classification.ts';
import { AccountChanges, lockAccount, lockAccounts, record } from './ledger.ts';

const IMPORTED_FIXED = 'La date, le montant et le compte d’une opération importée sont ceux de la banque : ils ne changent pas.';

/** matched to a document, or once was: payments on documents name it */
const isMatched = (op: Operation) => !new Decimal(op.matchedAmount ?? 0).isZero() || (op.fk.payments?.length ?? 0) > 0 || (op.fk.purchasePayments?.length ?? 0) > 0;

export function operationsService(ctx: CallContext) {
  const repo = () => ctx.repo(Operations);

  /** the operation locked after its account (the order every writer takes) */
  async function lockOperation(id: string): Promise<Operation> {
    const seen = await repo().get(id);
    await lockAccount(ctx, seen.fk.account);
    const op = await repo().getForUpdate(id);
    // moved to another account meanwhile: lock that one too (ids in order would be better, but this is rare)
    if (op.fk.account !== seen.fk.account) await lockAccount(ctx, op.fk.account);
    return op;
  }

  return {
    get: (id: string) => repo().get(id),

    async create(input: OperationInput): Promise<Operation> {
      const missing = (['dateOperation', 'label', 'amount'] as const).filter((k) => input[k] === undefined);
      if (!input.fk?.account) missing.push('fk.account' as never);
      if (missing.length) throw badRequest(`Champs requis pour une opération : ${missing.join(', ')}.`, missing.map((field) => ({ field, message: 'requis' })));
      await checkClassification(ctx, input.fk?.category, input.fk?.subCategory);
      const accountId = input.fk!.account!;
      if (!(await ctx.repo(Accounts).find(accountId))) throw badRequest(`fk.account : aucun compte bancaire de cette entreprise ne porte l’identifiant ${accountId}.`, [{ field: 'fk.account', message: 'introuvable' }]);
      await lockAccount(ctx, accountId);
      const op = await repo().create({ ...input, source: 'manual', subOperationsCount: 0, fk: { ...input.fk } });
      const changes = new AccountChanges(op.fk.account);
      changes.add(leafOf(op));
      changes.balance = new Decimal(op.amount);
      await record(ctx, changes);
      return op;
    },

    async update(id: string, input: OperationInput): Promise<Operation> {
      const op = await lockOperation(id);
      const moves = input.amount !== undefined && !new Decimal(input.amount).eq(op.amount)
        || (input.dateOperation !== undefined && input.dateOperation !== op.dateOperation)
        || (input.fk?.account !== undefined && input.fk.account !== op.fk.account);
      if (moves && op.fk.parent) throw conflict(CHILD_EDIT);
      if (moves && op.subOperationsCount > 0) throw conflict(SPLIT_PARENT_AMOUNT);
      if (moves && op.source !== 'manual') throw conflict(IMPORTED_FIXED);
      if (moves && isMatched(op)) throw conflict(MATCHED_OPERATION);
      const fk = { ...op.fk, ...input.fk };
      if (input.fk?.category !== undefined || input.fk?.subCategory !== undefined) {
        // a category changed alone drops a sub-category of the old one
        if (input.fk.category !== undefined && input.fk.subCategory === undefined && input.fk.category !== op.fk.category) fk.subCategory = null;
        await checkClassification(ctx, fk.category, fk.subCategory);
      }
      if (fk.account !== op.fk.account) await lockAccounts(ctx, [op.fk.account, fk.account]);
      const updated = await repo().update(id, { ...input, fk });
      const before = new AccountChanges(op.fk.account);
      const after = fk.account === op.fk.account ? before : new AccountChanges(fk.account);
      before.remove(leafOf(op));
      after.add(leafOf(updated));
      if (!op.fk.parent) {
        before.balance = before.balance.minus(op.amount);
        after.balance = after.balance.plus(updated.amount);
      }
      await record(ctx, before);
      if (after !== before) await record(ctx, after);
      return updated;
    },

    /** a part cannot go alone; a parent goes with its parts */
    async remove(id: string): Promise<void> {
      const op = await lockOperation(id);
      if (op.fk.parent) throw conflict(CHILD_DELETE);
      // payments name it (README « Matching »): it stays while they do
      if (isMatched(op)) throw conflict(MATCHED_OPERATION);
      for (const s of await ctx.repo(Suggestions).findMany({ 'fk.operation': id })) await ctx.repo(Suggestions).remove(s._id);
      const changes = new AccountChanges(op.fk.account);
      if (op.subOperationsCount > 0) {
        for (const part of await repo().findMany({ 'fk.parent': id })) {
          changes.remove(leafOf(part));
          await repo().remove(part._id);
        }
      }
      changes.remove(leafOf(op));
      changes.balance = new Decimal(op.amount).neg();
      await repo().remove(id);
      await record(ctx, changes);
    },

    lockOperation,
  };
}

export type OperationsService = ReturnType<typeof operationsService>;
