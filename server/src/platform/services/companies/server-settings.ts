/** The single ServerSettings row, created with the spec defaults on first read. */
import type { CallContext } from '@comptoir/sdk';
import type { ServerSettings } from '@comptoir/schemas';
import { ServerSettingsEntity } from '../../../entities/platform.ts';

export async function getServerSettings(ctx: CallContext): Promise<ServerSettings> {
  const repo = ctx.unscoped(ServerSettingsEntity);
  const [first] = await repo.findMany({}, { limit: 1 });
  if (first) return first;
  return repo.create({});
}
