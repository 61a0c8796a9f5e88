/**
 * The demo company's example (`npm start`, `npm run seed-demo`): one general queue — a request
 * waiting for a manager's answer — only in a company that has no queue yet.
 */
import type { CallContext } from '@comptoir/sdk';
import { queuesService } from './services/queues/queues.ts';
import { Queues } from './entities.ts';

const node = (uuid: string, type: string, name: string, x: number, y: number, exits: Record<string, string>, configuration: Record<string, unknown> = {}) => ({
  uuid, pluginIdentifier: `process-queues.${type}`, displaySettings: { name }, position: { x, y }, exits, configuration,
});

export async function seedDemo(ctx: CallContext): Promise<void> {
  if ((await ctx.repo(Queues).count()) > 0) return;
  await queuesService(ctx).create({
    name: 'Demande de remise', typeIdentifier: 'general', activated: true,
    plugins: [
      node('depart', 'start', 'Demande reçue', 250, 0, { main: 'attente' }),
      node('attente', 'wait', 'Avis du gérant', 250, 120, { main: 'accord' }, { message: 'Le gérant accepte-t-il la remise ?', saveInputAs: 'avis' }),
      node('accord', 'condition', 'Accordée ?', 250, 240, { yes: 'oui', no: 'non' }, { source: 'state', field: 'avis', operator: 'equals', value: 'oui' }),
      node('oui', 'end', 'Remise accordée', 100, 380, {}, { result: 'accordée' }),
      node('non', 'end', 'Remise refusée', 400, 380, {}, { result: 'refusée' }),
    ] as never,
  });
}
