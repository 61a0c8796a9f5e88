/**
 * Seeds the demo company and its user on a running kernel, as a person asks for it (`npm run
 * seed-demo`, the browser tests): the kernel's first start does it under its lock — the account
 * (« Administrateur » of « Boulangerie Martin SARL », no global role) when absent, then every
 * plugin's missing examples (`seedDemo`, idempotent by contract). A second run changes nothing.
 */
import type { DemoOutcome, Kernel } from '@comptoir/server';
import { DEMO_SEED } from './demo-company.ts';

export async function seedDemo(kernel: Kernel): Promise<{ created: boolean; userId: string; companyId: string | null; publicPassword: boolean }> {
  const outcome: DemoOutcome = await kernel.seedDemo({ ...DEMO_SEED, explicit: true });
  // asked for explicitly: created or found, never skipped
  if (outcome.status !== 'created' && outcome.status !== 'present') throw new Error(`demo not seeded: ${outcome.status}`);
  return {
    created: outcome.status === 'created', userId: outcome.userId, companyId: outcome.companyId,
    publicPassword: outcome.status === 'created' || outcome.publicPassword,
  };
}
