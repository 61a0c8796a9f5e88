/** Contracts (README « Contracts »): stored as given, answered with their next expected payments. */
import { badRequest, conflict, type CallContext, type ListParams, type ListResult } from '@comptoir/sdk';
import type { ContractInput, ContractView, OperationContract } from '../../../schemas/index.ts';
import { Contracts, Operations } from '../../entities.ts';
import { CONTRACT_USED } from '../../messages.ts';
import { checkClassification } from '../operations/classification.ts';
import { contractSchedule } from './next-payments.ts';

export function contractsService(ctx: CallContext) {
  const repo = () => ctx.repo(Contracts);
  const view = (c: OperationContract): ContractView => ({ ...c, ...contractSchedule(c, ctx.now) });
  return {
    async list(params: ListParams): Promise<ListResult<ContractView>> {
      const res = await repo().list(params);
      return { ...res, data: res.data.map(view) };
    },
    get: async (id: string) => view(await repo().get(id)),
    async create(input: ContractInput): Promise<ContractView> {
      if (!input.name) throw badRequest('Le nom du contrat est requis.', [{ field: 'name', message: 'requis' }]);
      await checkClassification(ctx, input.fk?.category, input.fk?.subCategory);
      return view(await repo().create(input));
    },
    async update(id: string, input: ContractInput): Promise<ContractView> {
      const current = await repo().getForUpdate(id);
      const fk = { ...current.fk, ...input.fk };
      await checkClassification(ctx, fk.category, fk.subCategory);
      return view(await repo().update(id, { ...input, fk }));
    },
    async remove(id: string): Promise<void> {
      await repo().getForUpdate(id);
      if ((await ctx.repo(Operations).findReferencing('fk.contracts', id, { limit: 1 })).length > 0) throw conflict(CONTRACT_USED);
      await repo().remove(id);
    },
  };
}

export type ContractsService = ReturnType<typeof contractsService>;
