/**
 * The platform's extension point for links between the records of different plugins
 * (docs/architecture.md « Extension points », « Links between plugins' records »).
 *
 * A link is held by the plugin that makes it, on its own entity, as a declared reference
 * (`defineEntity({ references: { 'fk.linkedSales': 'invoicing.invoices' } })`, `optional: true`
 * for a plugin it does not depend on): the repository checks every id written, in the active
 * company, and no column is added to the other plugin's table. The other side is read here: the
 * holder contributes « records of mine linked to <plugin>.<entity> », and any screen of the target
 * asks `GET /api/kernel/links/<plugin>/<entity>/<id>` (`<RecordLinks>` of the UI kit) without
 * knowing who links to it. Bank operations, till tickets, projects and bookings add their groups to
 * an invoice this way, and an invoice knows none of them.
 */
import { defineExtensionPoint } from './contracts.ts';
import type { CallContext } from './context.ts';
import type { EntityRef } from './entity.ts';

/** One linked record, as the target's screen shows it: data, drawn by the UI kit. */
export interface LinkedRecord {
  _id: string;
  /** French, what names it: « Achat A-2026-00012 — Minoterie Dupont » */
  label: string;
  /** ISO instant, shown as a day (fr-FR, Europe/Paris) */
  date?: string;
  /** euros as a decimal string (`'120.00'`, negative for a credit note) */
  amount?: string;
  /** French status label (« Payé », « À payer ») */
  status?: string;
  /** shell path that opens it (« /achats/<id> »); absent for a plugin with no screen: shown, not opened */
  path?: string;
}

export interface RecordLinks {
  /** unique within the plugin (the group is known as `<plugin>.<key>`) */
  key: string;
  /** the entity whose records these link to: `<plugin>.<collection>` (`invoicing.invoices`) */
  target: EntityRef;
  /** French heading of the group on the target's screen: « Achats liés » */
  label: string;
  /**
   * the permission a member needs to see this group (the one that reads the contributor's
   * records, `purchases.purchases.read`); required: a link shows the contributor's documents
   */
  permission: string;
  /** smaller first; plugins 100 and up */
  order?: number;
  /**
   * The contributor's records that link to `targetId`, in the contributor's context (its own
   * tables, the active company), read-only. The platform has already checked that `targetId`
   * names a record of `target` in the active company. Oldest first is the usual order; the
   * platform shows the first `MAX_LINKED_RECORDS`.
   */
  find(ctx: CallContext, targetId: string): Promise<LinkedRecord[]>;
}

/** records shown per group; more are counted as `more: true` */
export const MAX_LINKED_RECORDS = 100;

const KEY = /^[a-z][a-z0-9-]*$/;
const TARGET = /^[a-z][a-z0-9-]*\.[a-z][a-z0-9-]*$/;

export const recordLinks = defineExtensionPoint<RecordLinks>({
  id: 'kernel.record-links',
  description: 'Records of the contributor linked to the records of another plugin\'s entity, shown on that record\'s screen',
  validate: (c, loaded) => {
    if (typeof c.key !== 'string' || !KEY.test(c.key)) return `record links: key « ${String(c.key)} » must be kebab-case`;
    const what = `record links « ${c.key} »`;
    if (typeof c.target !== 'string' || !TARGET.test(c.target)) return `${what}: target « ${String(c.target)} » must read <plugin>.<collection> (invoicing.invoices)`;
    if (typeof c.label !== 'string' || !c.label.trim()) return `${what}: a French label is required`;
    if (typeof c.find !== 'function') return `${what}: find(ctx, targetId) is required`;
    if (typeof c.permission !== 'string' || !c.permission.trim()) return `${what}: a permission is required (who may see these records)`;
    // a permission of a plugin that is not loaded cannot be checked (nobody but a god role holds it then)
    const dot = c.permission.indexOf('.');
    if (!loaded.hasPermission(c.permission) && (dot < 0 || loaded.hasPlugin(c.permission.slice(0, dot)))) {
      return `${what}: permission « ${c.permission} » is declared by no plugin`;
    }
    // a target whose plugin is not loaded: the contribution waits for it (no record can be asked about)
    const targetPlugin = c.target.slice(0, c.target.indexOf('.'));
    if (!loaded.hasPlugin(targetPlugin)) return null;
    const entity = loaded.entity(c.target);
    if (!entity) return `${what}: target « ${c.target} »: plugin « ${targetPlugin} » declares no such entity`;
    return entity.companyScoped ? null : `${what}: target « ${c.target} » belongs to no company (links join records of one company)`;
  },
});

// ---------------------------------------------------------------------------------------------
// What `GET /api/kernel/links/:plugin/:entity/:id` answers (`{ data: RecordLinksGroup[] }`)

export interface RecordLinksGroup {
  /** `<plugin>.<key>`: a React key and a test handle */
  id: string;
  plugin: string;
  label: string;
  /** empty when nothing of this kind is linked */
  items: LinkedRecord[];
  /** more than `MAX_LINKED_RECORDS` were found: the first are shown */
  more?: boolean;
  /** French, when this group could not be read: the other groups are served */
  error?: string;
}
