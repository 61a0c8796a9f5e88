/** The built-in templates' rows (« Classique »), written at boot when missing: websites name them by id. */
import type { CallContext } from '@comptoir/sdk';
import { Templates } from '../../entities.ts';
import { CLASSIQUE } from '../content/templates.ts';

export async function ensureBuiltInTemplates(ctx: CallContext): Promise<void> {
  const repo = ctx.unscoped(Templates);
  if (await repo.findOne({ identifier: CLASSIQUE.identifier })) return;
  await repo.create({ ...CLASSIQUE, fk: { companies: [] } });
}
