/**
 * The platform's links between records (`kernel.record-links`, sdk/src/record-links.ts;
 * services/links/linked-records.ts): what stops the boot, who sees which group, and a group whose
 * contributor fails. Over plain plugin definitions and contexts; the route is proven in
 * test/integration/kernel-record-links.test.ts.
 */
import { expect } from 'chai';
import { Type } from '@sinclair/typebox';
import { Entity, Id } from '@comptoir/schemas';
import {
  MAX_LINKED_RECORDS, contribute, defineEntity, recordLinks,
  type CallContext, type Contributed, type EntityDefinition, type PluginDefinition, type RecordLinks,
} from '@comptoir/sdk';
import { buildExtensionRegistry, loadedDeclarations } from '../src/plugins/extensions.ts';
import { GROUP_FAILED, loadGroup, visibleLinks } from '../src/platform/services/links/linked-records.ts';
import { buildReferenceIndex } from '../src/db/references.ts';
import { createRepository } from '../src/db/repository.ts';

const entity = (plugin: string, name: string, companyScoped = true) => ({ plugin, name, companyScoped }) as EntityDefinition;
const kernel: PluginDefinition = { id: 'kernel', extensionPoints: [recordLinks], entities: [entity('kernel', 'users', false)] };
const invoicing: PluginDefinition = { id: 'invoicing', entities: [entity('invoicing', 'invoices')] };
const links = (extra: Partial<RecordLinks> = {}): RecordLinks => ({
  key: 'sale-purchases', target: 'invoicing.invoices', label: 'Achats liés', permission: 'purchases.purchases.read', find: async () => [], ...extra,
});
const purchases = (value: RecordLinks): PluginDefinition => ({
  id: 'purchases',
  permissions: [{ sysName: 'purchases.purchases.read', category: 'Achats', name: 'Consulter les achats', mode: 'company' }],
  contributions: [contribute(recordLinks, value)],
});
const boot = (...defs: PluginDefinition[]) => buildExtensionRegistry(defs.map((def) => ({ def })));
const refusal = (value: RecordLinks, ...others: PluginDefinition[]) => {
  try {
    boot(kernel, ...others, purchases(value));
  } catch (err) {
    return (err as Error).message;
  }
  return null;
};

describe('liens entre enregistrements : le point kernel.record-links', () => {
  it('accepts a well-formed contribution to an entity of a loaded plugin', () => {
    const registry = boot(kernel, invoicing, purchases(links()));
    expect(registry.contributions.get('kernel.record-links')!.map((c) => c.plugin)).to.deep.equal(['purchases']);
  });

  it('stops the boot on a malformed contribution, naming the contributor and what is wrong', () => {
    const cases: [Partial<RecordLinks>, RegExp][] = [
      [{ key: 'Achats Liés' }, /key « Achats Liés » must be kebab-case/],
      [{ target: 'invoices' as never }, /target « invoices » must read <plugin>\.<collection>/],
      [{ label: '  ' }, /a French label is required/],
      [{ find: undefined as never }, /find\(ctx, targetId\) is required/],
      [{ permission: undefined as never }, /a permission is required/],
      [{ permission: 'purchases.purchases.see' }, /permission « purchases\.purchases\.see » is declared by no plugin/],
      [{ permission: 'nodot' }, /permission « nodot » is declared by no plugin/],
      [{ target: 'invoicing.quotes' }, /target « invoicing\.quotes »: plugin « invoicing » declares no such entity/],
      [{ target: 'kernel.users' }, /target « kernel\.users » belongs to no company/],
    ];
    for (const [extra, expected] of cases) {
      const message = refusal(links(extra), invoicing);
      expect(message, JSON.stringify(extra)).to.match(/^plugin "purchases": contribution to "kernel\.record-links" refused: /);
      expect(message, JSON.stringify(extra)).to.match(expected);
    }
  });

  it('waits for a target whose plugin is not loaded, and accepts a permission it cannot check', () => {
    expect(refusal(links({ target: 'banking.operations' }))).to.equal(null);
    expect(refusal(links({ permission: 'banking.operations.read' }), invoicing)).to.equal(null);
  });

  it('tells the points what the loaded plugins declare', () => {
    const loaded = loadedDeclarations([{ def: kernel }, { def: invoicing }, { def: purchases(links()) }]);
    expect(loaded.hasPlugin('invoicing')).to.equal(true);
    expect(loaded.hasPlugin('banking')).to.equal(false);
    expect(loaded.entity('invoicing.invoices')?.name).to.equal('invoices');
    expect(loaded.entity('invoicing.quotations')).to.equal(null);
    expect(loaded.hasPermission('purchases.purchases.read')).to.equal(true);
    expect(loaded.hasPermission('purchases.purchases.manage')).to.equal(false);
  });
});

const logged: unknown[] = [];
function plain(perms: string[] = [], list: Contributed<RecordLinks>[] = []): CallContext {
  return {
    can: (p: string) => perms.includes(p),
    contributions: () => list,
    log: { error: (o: unknown) => logged.push(o), info() {}, warn() {}, debug() {} },
  } as unknown as CallContext;
}
const contributed = (plugin: string, value: RecordLinks): Contributed<RecordLinks> => ({ plugin, value, ctx: plain() });

describe('liens entre enregistrements : les groupes montrés', () => {
  it('shows the groups of the asked target whose permission the caller holds, by order', () => {
    const list = [
      contributed('purchases', links({ order: 300 })),
      contributed('tip-jar', links({ key: 'tips', permission: 'tip-jar.tips.read', order: 100 })),
      contributed('pos', links({ key: 'tickets', permission: 'pos.receipts.read' })),
      contributed('projects', links({ key: 'quotes', target: 'invoicing.quotations', permission: 'purchases.purchases.read' })),
    ];
    const seen = visibleLinks(plain(['purchases.purchases.read', 'tip-jar.tips.read'], list), 'invoicing.invoices');
    expect(seen.map((c) => `${c.plugin}.${c.value.key}`)).to.deep.equal(['tip-jar.tips', 'purchases.sale-purchases']);
    expect(visibleLinks(plain([], list), 'invoicing.invoices')).to.deep.equal([]);
  });

  it('answers only the display fields, the first MAX_LINKED_RECORDS, and says there were more', async () => {
    const many = Array.from({ length: MAX_LINKED_RECORDS + 1 }, (_, i) => ({
      _id: String(i).padStart(24, '0'), label: `Achat ${i}`, path: `/achats/${i}`, amount: '12.50', status: 'Payé', secret: 'hors de vue',
    }));
    const group = await loadGroup(contributed('purchases', links({ find: async () => many })), 'x');
    expect(group).to.include({ id: 'purchases.sale-purchases', plugin: 'purchases', label: 'Achats liés', more: true });
    expect(group.items).to.have.length(MAX_LINKED_RECORDS);
    expect(group.items[0]).to.deep.equal({ _id: '0'.repeat(24), label: 'Achat 0', path: '/achats/0', amount: '12.50', status: 'Payé' });
    const few = await loadGroup(contributed('purchases', links({ find: async () => many.slice(0, 2) })), 'x');
    expect(few.items).to.have.length(2);
    expect(few).not.to.have.property('more');
  });

  it('a group whose contributor fails says so in French; the error is logged', async () => {
    logged.length = 0;
    const group = await loadGroup(contributed('purchases', links({ find: async () => { throw new Error('table illisible'); } })), 'x');
    expect(group).to.deep.equal({ id: 'purchases.sale-purchases', plugin: 'purchases', label: 'Achats liés', items: [], error: GROUP_FAILED });
    expect(logged).to.have.length(1);
  });
});

describe('liens entre enregistrements : findReferencing, l’autre côté d’une référence déclarée', () => {
  const Invoices = defineEntity({
    plugin: 'invoicing', name: 'invoices', table: 'invoicing_invoices', companyScoped: true, label: 'facture', schema: Entity({}, { company: Id() }),
  });
  const Purchases = defineEntity({
    plugin: 'purchases', name: 'purchases', table: 'purchases_purchases', companyScoped: true, label: 'achat',
    schema: Entity({}, { company: Id(), linkedSales: Type.Array(Id(), { default: [] }) }),
    references: { 'fk.linkedSales': 'invoicing.invoices' },
  });
  const references = buildReferenceIndex([
    { def: { id: 'invoicing', entities: [Invoices] }, manifest: { id: 'invoicing', dependsOn: {} } },
    { def: { id: 'purchases', entities: [Purchases] }, manifest: { id: 'purchases', dependsOn: { invoicing: '^0.1.0' } } },
  ]);
  // no database: both answers come before any query
  const repo = createRepository(Purchases, { db: null as never, companyId: 'c'.repeat(24), userId: null, now: () => new Date(), emit: () => {}, references }, true);

  it('reads only along a declared reference: another path is a programming error', async () => {
    const err = await repo.findReferencing('fk.linkedPurchases', 'a'.repeat(24)).catch((e: Error) => e);
    expect((err as Error).message).to.equal('purchases.purchases declares no reference "fk.linkedPurchases" (defineEntity({ references }))');
  });

  it('a malformed id names nothing', async () => {
    expect(await repo.findReferencing('fk.linkedSales', '%"')).to.deep.equal([]);
  });
});
