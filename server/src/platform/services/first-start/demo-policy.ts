/**
 * When the first start seeds the demo account (`demo@comptoir.fr` / `comptoir-demo`, a password
 * anyone who read the README knows): a plain function over the situation, tested directly. Rules
 * (kernel README, « First start and the demo account »):
 * - asked for by a person (`npm run seed-demo`): created when absent, whatever the database;
 * - otherwise only on a database without any user at that start — never re-created once there
 *   are users, so a deleted demo account stays deleted;
 * - COMPTOIR_DEMO=0: never; COMPTOIR_DEMO=1: on an empty database of any engine, in production too;
 * - unset: not when COMPTOIR_ADMIN_EMAIL is set, not under NODE_ENV=production, not on
 *   MySQL/MariaDB — so only the newcomer's `npm start` on the embedded SQLite database gets it.
 * The plugins' examples are added to an existing demo company at each start where a new demo would
 * be allowed (a plugin installed later brings its examples). Where it would not (COMPTOIR_ADMIN_EMAIL
 * set, production, MySQL/MariaDB, COMPTOIR_DEMO=0), an existing demo account is `retire`d: if its
 * password is still the public one, the first start disables it (demo-account.ts `retireDemo`).
 */
import type { Engine } from '../../../db/connect.ts';

export type DemoSkipReason = 'users' | 'disabled' | 'admin' | 'production' | 'mysql';

export interface DemoSituation {
  /** a person asked for it (`npm run seed-demo`) */
  explicit: boolean;
  /** COMPTOIR_DEMO */
  setting: boolean | null;
  engine: Engine;
  production: boolean;
  /** COMPTOIR_ADMIN_EMAIL is set */
  adminConfigured: boolean;
  /** no user at all when the first start began */
  emptyDatabase: boolean;
  demoExists: boolean;
}

export type DemoDecision =
  | { action: 'create' }
  /** the demo account is there, and a demo is allowed here: add the plugins' missing examples to its company */
  | { action: 'present'; seed: boolean }
  /** the demo account is there, where no demo would be made today: disabled while its password is public */
  | { action: 'retire'; reason: DemoSkipReason }
  | { action: 'skip'; reason: DemoSkipReason };

/** Why this installation gets no demo by itself (`admin`: only on an empty database). */
function refusal(s: DemoSituation, withAdmin: boolean): DemoSkipReason | null {
  if (s.setting === false) return 'disabled';
  if (s.setting === true) return null;
  if (withAdmin && s.adminConfigured) return 'admin';
  if (s.production) return 'production';
  if (s.engine === 'mysql') return 'mysql';
  return null;
}

export function decideDemo(s: DemoSituation): DemoDecision {
  if (s.demoExists) {
    if (s.explicit) return { action: 'present', seed: true };
    // COMPTOIR_ADMIN_EMAIL counts here too: an installation with its own administrator has no use
    // for an account anyone who read the README can sign in to
    const reason = refusal(s, true);
    return reason ? { action: 'retire', reason } : { action: 'present', seed: true };
  }
  if (s.explicit) return { action: 'create' };
  if (!s.emptyDatabase) return { action: 'skip', reason: 'users' };
  const reason = refusal(s, true);
  return reason ? { action: 'skip', reason } : { action: 'create' };
}
