/**
 * The platform suite's data set, written straight into the tables row for row as the application
 * writes them (../rows.ts: defaults by the repository's ajv validation, computed fields,
 * `encodeRow`):
 * - customers of one company (contacts_customers, the invoicing suite's `customerDoc`), each
 *   carrying the two user properties the suite defines through the API: `couverts` (a number,
 *   the seats of a restaurant, 0 to 399, spread evenly) and `jourLivraison` (a select of the
 *   weekdays, Tuesday and Friday more often);
 * - kept notifications (kernel_notifications, `liveOnly` false): 10 000 for the measured user
 *   (about one in seven unread, the newest mostly), and as many for 20 other members of the same company, so that the
 *   centre's index has other people's rows to skip.
 */
import type { Knex } from 'knex';
import { Customers } from '../../../plugins/contacts/server/entities.ts';
import { Notifications } from '../../../server/src/entities/platform.ts';
import { rng } from '../french.ts';
import { BatchInserter, DAY, EPOCH, defaultsOf, stored, writeAll, type Doc } from '../rows.ts';
import { customerDoc, idAt } from '../invoicing/data.ts';

export const WEEKDAYS = ['lundi', 'mardi', 'mercredi', 'jeudi', 'vendredi', 'samedi', 'dimanche'] as const;
/** the delivery rounds of a bakery: Tuesday and Friday twice as often */
const DAY_WEIGHTS = [1, 2, 1, 1, 2, 1, 0.5];
export const SEATS = 400;

export interface PlatformDataOptions {
  db: Knex;
  engine: 'sqlite' | 'mysql';
  companyId: string;
  customers: number;
  /** the user whose centre is measured */
  userId: string;
  /** metadata.createdBy of the customers, sender of the notifications */
  authorId: string;
  notifications: number;
  log?: (line: string) => void;
}

export interface PlatformDataReport {
  customers: number;
  notifications: { mine: number; unread: number; others: number };
  ms: { customers: number; notifications: number; total: number };
  cpuMs: number;
}

const MYSQL_VALUES = 20_000;

function weekday(r: () => number): string {
  const total = DAY_WEIGHTS.reduce((a, b) => a + b, 0);
  let x = r() * total;
  for (let i = 0; i < WEEKDAYS.length; i++) {
    x -= DAY_WEIGHTS[i];
    if (x < 0) return WEEKDAYS[i];
  }
  return WEEKDAYS[0];
}

const TITLES = [
  ['Facture payée', 'success'], ['Nouvelle commande', 'info'], ['Stock de farine bas', 'warning'],
  ['Livraison en retard', 'danger'], ['Nouvelle demande d’accès', 'info'], ['Devis accepté', 'success'],
] as const;

export async function generatePlatformData(o: PlatformDataOptions): Promise<PlatformDataReport> {
  const t0 = performance.now();
  const cpu0 = process.cpuUsage();
  const r = rng(20261125);
  const meta0 = { creationDate: new Date(EPOCH).toISOString(), lastModificationDate: new Date(EPOCH).toISOString(), createdBy: null, lastModifiedBy: null };
  const customerDefaults = defaultsOf(Customers, { _id: idAt(EPOCH), metadata: meta0, fk: { company: o.companyId } });
  const notificationDefaults = defaultsOf(Notifications, {
    _id: idAt(EPOCH), title: 'x', date: meta0.creationDate, batch: idAt(EPOCH), metadata: meta0, fk: { company: o.companyId, user: o.userId },
  });
  const others = Array.from({ length: 20 }, (_, i) => idAt(EPOCH - (i + 1) * DAY));
  let unread = 0;

  const run = async (exec: Knex | Knex.Transaction) => {
    const inserter = new BatchInserter(exec, o.engine, MYSQL_VALUES);
    for (let i = 0; i < o.customers; i++) {
      const doc = customerDoc(r, i, o.companyId, o.authorId);
      doc.userProps = { couverts: i % SEATS, jourLivraison: weekday(r) };
      await inserter.push(Customers, stored(Customers, customerDefaults, doc, i).row);
    }
    await inserter.end();
    const tCustomers = performance.now();
    o.log?.(`  ${o.customers} customers with their user properties: ${Math.round(tCustomers - t0)} ms`);

    // over the last year, in date order; the newest are the unread ones, mostly
    const total = o.notifications * 2;
    for (let i = 0; i < total; i++) {
      const mine = i % 2 === 0;
      const at = EPOCH - Math.floor((1 - i / total) * 365 * DAY) - Math.floor(r() * 3_600_000);
      const date = new Date(at).toISOString();
      const [title, style] = TITLES[Math.floor(r() * TITLES.length)];
      const read = i / total < 0.85 ? r() < 0.98 : r() < 0.2;
      if (mine && !read) unread++;
      const doc: Doc = {
        _id: idAt(at), title, style, content: `Message n° ${i + 1} pour l’équipe de la boutique.`, liveOnly: false, date, batch: idAt(at),
        sender: o.authorId, read, ...(read ? { readDate: new Date(at + DAY).toISOString() } : {}),
        metadata: { creationDate: date, lastModificationDate: date, createdBy: o.authorId, lastModifiedBy: o.authorId },
        fk: { company: o.companyId, user: mine ? o.userId : others[i % others.length] },
      };
      await inserter.push(Notifications, stored(Notifications, notificationDefaults, doc, i).row);
    }
    await inserter.end();
    return { tCustomers, tNotifications: performance.now() };
  };

  const out = await writeAll(o.db, o.engine, run);
  o.log?.(`  ${o.notifications * 2} kept notifications (${o.notifications} of the measured user, ${unread} unread): ${Math.round(out.tNotifications - out.tCustomers)} ms`);
  const cpu = process.cpuUsage(cpu0);
  return {
    customers: o.customers,
    notifications: { mine: o.notifications, unread, others: o.notifications },
    ms: { customers: Math.round(out.tCustomers - t0), notifications: Math.round(out.tNotifications - out.tCustomers), total: Math.round(performance.now() - t0) },
    cpuMs: Math.round((cpu.user + cpu.system) / 1000),
  };
}
