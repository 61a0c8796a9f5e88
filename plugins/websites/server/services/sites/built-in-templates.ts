/** The built-in templates' rows (« Classique »), written at boot when missing: websites name them by id. */
import type { BootContext, CallContext } from '@comptoir/sdk';
import { Templates } from '../../entities.ts';
import { CLASSIQUE } from '../content/templates.ts';

async function ensureBuiltInTemplates(ctx: CallContext): Promise<void> {
  const repo = ctx.unscoped(Templates);
  if (await repo.findOne({ identifier: CLASSIQUE.identifier })) return;
  await repo.create({ ...CLASSIQUE, fk: { companies: [] } });
}

export async function ensureBuiltInTemplatesAtBoot(boot: BootContext): Promise<void> {
  try {
    await boot.asSystem(null, ensureBuiltInTemplates);
  } catch (e) {
    // two processes booting together both found it missing and one insert lost on the unique
    // identifier: a new transaction sees the other's row (the first one's snapshot could not)
    if (!(await boot.asSystem(null, (ctx) => ctx.unscoped(Templates).findOne({ identifier: CLASSIQUE.identifier })))) throw e;
  }
}
