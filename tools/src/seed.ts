/**
 * Seeds the demo company and its god user, once, then asks every plugin for its examples
 * (`seedDemo`): a second run finds the demo user and the plugins find their data, and changes
 * nothing (idempotent).
 */
import type { Kernel } from '@comptoir/server';
import { createAdmin } from '../../server/src/kernel/services/bootstrap.ts';
import { Users } from '../../server/src/kernel/entities.ts';
import { DEMO_COMPANY, DEMO_LOGIN } from './demo-company.ts';

export async function seedDemo(kernel: Kernel): Promise<{ created: boolean; userId: string; companyId: string }> {
  const demo = await seedDemoAccount(kernel);
  // each plugin adds its examples (idempotent by contract), in dependency order
  for (const p of kernel.plugins) {
    if (p.def.seedDemo) await kernel.asSystem(demo.companyId, (ctx) => p.def.seedDemo!(ctx), p.def.id);
  }
  return demo;
}

async function seedDemoAccount(kernel: Kernel): Promise<{ created: boolean; userId: string; companyId: string }> {
  return kernel.asSystem(null, async (ctx) => {
    const existing = await ctx.unscoped(Users).findOne({ email: DEMO_LOGIN.email });
    if (existing) return { created: false, userId: existing._id, companyId: existing.fk.companies[0] };
    const { userId, companyId } = await createAdmin(ctx, {
      email: DEMO_LOGIN.email, password: DEMO_LOGIN.password, companyName: DEMO_COMPANY.name,
      firstname: 'Camille', name: 'Martin',
    }, { ...DEMO_COMPANY });
    return { created: true, userId, companyId };
  });
}
