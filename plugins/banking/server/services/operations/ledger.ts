/**
 * What every write of operations keeps exact, in the same transaction (README « Balances » and
 * « Months »): the account's balance and its months. Callers lock the account first
 * (`lockAccount`): every change of an account's operations is serialised on that row, so that its
 * balance and its month rows are never decided on a stale read (two imports, a split and a
 * categorisation at once).
 */
import { Decimal } from 'decimal.js';
import type { CallContext } from '@comptoir/sdk';
import type { OperationAccount } from '../../../schemas/index.ts';
import { AccountMonths, Accounts, Operations } from '../../entities.ts';
import { emptyMonth, monthFields, monthFromLines, moveMonth, type Leaf } from '../months/month-lines.ts';

export const lockAccount = (ctx: CallContext, id: string): Promise<OperationAccount> => ctx.repo(Accounts).getForUpdate(id);

/** Several accounts, always in the same order (ids ascending), so that two writers cannot cycle. */
export async function lockAccounts(ctx: CallContext, ids: string[]): Promise<Map<string, OperationAccount>> {
  const out = new Map<string, OperationAccount>();
  for (const id of [...new Set(ids)].sort()) out.set(id, await lockAccount(ctx, id));
  return out;
}

/** A batch of changes to one account: leaves removed and added, and the balance's move. */
export class AccountChanges {
  readonly removed: Leaf[] = [];
  readonly added: Leaf[] = [];
  balance = new Decimal(0);
  constructor(readonly accountId: string) {}
  remove(leaf: Leaf | null) { if (leaf) this.removed.push(leaf); }
  add(leaf: Leaf | null) { if (leaf) this.added.push(leaf); }
  get empty() { return this.removed.length === 0 && this.added.length === 0 && this.balance.isZero(); }
}

/** Moves the months and the balance of a locked account by `changes`. */
export async function record(ctx: CallContext, changes: AccountChanges): Promise<void> {
  if (changes.empty) return;
  const byMonth = new Map<string, { removed: Leaf[]; added: Leaf[] }>();
  for (const [list, key] of [[changes.removed, 'removed'], [changes.added, 'added']] as const) {
    for (const leaf of list) {
      const m = byMonth.get(leaf.month) ?? { removed: [], added: [] };
      m[key].push(leaf);
      byMonth.set(leaf.month, m);
    }
  }
  const months = ctx.repo(AccountMonths);
  for (const [date, moves] of byMonth) {
    const row = await months.findOne({ 'fk.account': changes.accountId, date });
    const sums = row ? monthFromLines(row) : emptyMonth();
    for (const leaf of moves.removed) moveMonth(sums, leaf, -1);
    for (const leaf of moves.added) moveMonth(sums, leaf, 1);
    const fields = monthFields(sums);
    if (row && fields.count === 0) await months.remove(row._id);
    else if (row) await months.update(row._id, fields);
    else if (fields.count > 0) await months.create({ date, ...fields, fk: { account: changes.accountId } });
  }
  if (!changes.balance.isZero()) {
    const account = await ctx.repo(Accounts).get(changes.accountId);
    await ctx.repo(Accounts).update(changes.accountId, { balance: new Decimal(account.balance).plus(changes.balance).toNumber() });
  }
}

/**
 * Σ amounts of the account's operations (parts of a split left out: their parent counts), up to
 * `until` included when given: exact, read from the database (money is stored as integers).
 */
export async function sumOperations(ctx: CallContext, accountId: string, until?: string): Promise<Decimal> {
  const filters: Record<string, object> = {
    'fk.account': { mode: 'eq', value: accountId },
    source: { mode: 'neq', value: 'split' },
  };
  if (until) filters.dateOperation = { mode: 'lte', valueIsDate: true, endDate: until };
  const res = await ctx.repo(Operations).list({ filters, pagination: { quantity: 1 }, aggregations: [{ name: 'sum', field: 'amount', sum: true }] });
  return new Decimal(res.aggregation.sum?.sum ?? 0).toDecimalPlaces(4);
}

/** balance = balanceCorrection + Σ operations: the recount (tests compare the maintained balance with it) */
export async function recountBalance(ctx: CallContext, account: OperationAccount): Promise<Decimal> {
  return new Decimal(account.balanceCorrection).plus(await sumOperations(ctx, account._id));
}
