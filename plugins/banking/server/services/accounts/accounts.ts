/**
 * Bank accounts (README « Accounts » and « Balances »). The balance is typed by hand only as a
 * statement: the correction is then computed so that correction + Σ operations is that balance
 * today, and `manualAutoBalance` keeps later statements from restating it.
 */
import { conflict, type CallContext } from '@comptoir/sdk';
import type { AccountInput, OperationAccount } from '../../../schemas/index.ts';
import { Accounts, Operations } from '../../entities.ts';
import { ACCOUNT_USED } from '../../messages.ts';
import { lockAccount, sumOperations } from '../operations/ledger.ts';

export function accountsService(ctx: CallContext) {
  const repo = () => ctx.repo(Accounts);
  return {
    async create(input: AccountInput): Promise<OperationAccount> {
      const { balance, ...rest } = input;
      const stated = balance ?? 0;
      return repo().create({
        ...rest, balance: stated, balanceCorrection: stated,
        balanceDate: balance !== undefined ? ctx.now.toISOString() : null,
        manualAutoBalance: input.manualAutoBalance ?? balance !== undefined,
      });
    },

    async update(id: string, input: AccountInput): Promise<OperationAccount> {
      const account = await lockAccount(ctx, id);
      const { balance, ...rest } = input;
      if (balance === undefined) return repo().update(id, rest);
      const sum = await sumOperations(ctx, account._id);
      return repo().update(id, {
        ...rest, balance, balanceCorrection: sum.neg().plus(balance).toNumber(),
        balanceDate: ctx.now.toISOString(), manualAutoBalance: input.manualAutoBalance ?? true,
      });
    },

    async remove(id: string): Promise<void> {
      await lockAccount(ctx, id);
      if ((await ctx.repo(Operations).count({ 'fk.account': id })) > 0) throw conflict(ACCOUNT_USED);
      await repo().remove(id);
    },
  };
}

export type AccountsService = ReturnType<typeof accountsService>;
