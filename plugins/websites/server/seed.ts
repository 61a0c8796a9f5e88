/**
 * Examples of « Sites web » for the demo company (`npm start`, `npm run seed-demo`): a small
 * French bakery site at `boulangerie-martin.localhost` (a name every browser sends to 127.0.0.1) —
 * a home page, « Nos pains », « Horaires », a blog with two articles, its main menu — only in a
 * company that has no website yet (every seed run calls it).
 */
import type { CallContext } from '@comptoir/sdk';
import { Websites } from './entities.ts';
import { seedDemoSite } from './services/sites/demo-site.ts';

export async function seedDemo(ctx: CallContext): Promise<void> {
  if ((await ctx.repo(Websites).count()) > 0) return;
  await seedDemoSite(ctx);
}
