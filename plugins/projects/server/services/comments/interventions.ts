/**
 * Interventions (spec « Intervention », README « Interventions »): an event or a note about a
 * customer or a provider (one of the two at least), dated (now by default). `customerName` is the
 * customer's name when written, read through « Contacts ».
 */
import { badRequest, type CallContext } from '@comptoir/sdk';
import type { Intervention, InterventionInput } from '../../../schemas/index.ts';
import { Interventions } from '../../entities.ts';
import { INTERVENTION_PARTY, TITLE_REQUIRED } from '../../messages.ts';
import { customers } from '../deps.ts';

export function interventionsService(ctx: CallContext) {
  const repo = () => ctx.repo(Interventions);

  async function named(fk: { customer?: string | null; provider?: string | null }): Promise<{ customerName?: string }> {
    if (!fk.customer && !fk.provider) throw badRequest(INTERVENTION_PARTY, [{ field: 'fk.customer', message: 'client ou fournisseur' }]);
    if (!fk.customer) return {};
    // the reference check names a wrong id as a 400; a found customer gives its name
    const [customer] = await customers(ctx).findByIds([fk.customer]);
    return customer ? { customerName: customer.name } : {};
  }

  return {
    async create(input: InterventionInput): Promise<Intervention> {
      if (!input.title) throw badRequest(TITLE_REQUIRED, [{ field: 'title', message: 'obligatoire' }]);
      const fk = input.fk ?? {};
      return repo().create({ ...input, date: input.date ?? ctx.now.toISOString(), ...await named(fk), fk }) as Promise<Intervention>;
    },

    async update(id: string, input: InterventionInput): Promise<Intervention> {
      const existing = await repo().getForUpdate(id) as Intervention;
      const fk = { ...existing.fk, ...(input.fk ?? {}) };
      const name = input.fk?.customer !== undefined ? await named(fk) : await named(fk).then(() => ({}));
      return repo().update(id, { ...input, ...name, ...(input.fk ? { fk } : {}) }) as Promise<Intervention>;
    },
  };
}

export type InterventionsService = ReturnType<typeof interventionsService>;
