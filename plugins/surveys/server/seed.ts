/**
 * Examples of « Questionnaires » for the demo company (`npm start`, `npm run seed-demo`): a few
 * items, only in a company that has none yet (every seed run calls it).
 */
import type { CallContext } from '@comptoir/sdk';
import { Items } from './entities.ts';

const DEMO_ITEMS = [
  { name: 'Pain de campagne', description: 'Au levain, 500 g', price: 3.5 },
  { name: 'Tarte aux pommes (6 parts)', price: 12 },
];

export async function seedDemo(ctx: CallContext): Promise<void> {
  if ((await ctx.repo(Items).count()) > 0) return;
  for (const item of DEMO_ITEMS) await ctx.repo(Items).create(item);
}
