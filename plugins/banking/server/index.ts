/**
 * « Banque » (issue 16), declared as data: accounts, operations and their split, categories,
 * groups, contracts, rules, imports and months. Nothing is registered by side effect.
 */
import { definePlugin } from '@comptoir/sdk';
import { AccountMonths, Accounts, Categories, Contracts, Groups, Imports, Operations, PLUGIN_ID, Rules, Suggestions } from './entities.ts';
import { PERMISSIONS } from './permissions.ts';
import { EVENTS } from './events.ts';
import { routes } from './routes/index.ts';
import { SERVICES } from './services/index.ts';
import { banking } from './migrations/20261205120000_banking.ts';
import { matching } from './migrations/20261207120000_matching.ts';
import { seedDemo } from './seed.ts';
import { dashboardContributions } from './services/dashboard/treasury.ts';
import { refreshAfterImport } from './services/matching/after-import.ts';
import { STATEMENT_IMPORTED } from './events.ts';

export default definePlugin({
  id: PLUGIN_ID,
  entities: [Accounts, Operations, Categories, Groups, Contracts, Rules, AccountMonths, Imports, Suggestions],
  migrations: [banking, matching],
  permissions: PERMISSIONS,
  events: EVENTS,
  /** taken when an import creates an account: a lock more than a number (README « Concurrency ») */
  numberingKinds: [{ kind: 'bankAccount', label: 'Comptes bancaires créés par import' }],
  services: SERVICES,
  routes,
  /** the home page: balances, the month's money in and out, matches waiting (services/dashboard/) */
  contributions: [...dashboardContributions],
  subscriptions: [
    /** a statement imported: its operations are matched with the unpaid documents, after the answer (README « Matching ») */
    { event: STATEMENT_IMPORTED, handler: refreshAfterImport, background: true },
  ],
  seedDemo,
});
