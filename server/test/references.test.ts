/**
 * The declared references (EntityDefinition.references) resolved at boot: what a declaration may
 * name, the French sentence that stops the boot otherwise, and how ids are read along a path.
 */
import { expect } from 'chai';
import { Type } from '@sinclair/typebox';
import { defineEntity, type EntityDefinition, type PluginDefinition } from '@comptoir/sdk';
import { Entity, Id, Nullable, Str } from '@comptoir/schemas';
import { throwawayDatabase } from '@comptoir/sdk/testing';
import { buildReferenceIndex, idsAt } from '../src/db/references.ts';
import { locksTarget } from '../src/db/reference-check.ts';
import { PluginError } from '../src/plugins/manifest.ts';
import { bootOn, fixture } from './support/boot.ts';

const Customers = defineEntity({
  plugin: 'contacts', name: 'customers', table: 'contacts_customers', companyScoped: true, label: 'client',
  schema: Entity({ name: Str(), archived: Type.Boolean({ default: false }) }, { company: Id() }),
  archive: { field: 'archived', archivedValue: true, referenced: 'Archivez-le.' },
});

const line = Type.Object({ label: Str(), itemId: Type.Optional(Id()) });
const invoiceSchema = Entity({ name: Str(), items: Type.Array(line, { default: [] }) }, {
  company: Id(), customer: Nullable(Id()), groups: Type.Array(Id(), { default: [] }),
});

function invoices(references: EntityDefinition['references'], extra: Partial<EntityDefinition> = {}): EntityDefinition {
  return defineEntity({
    plugin: 'invoicing', name: 'invoices', table: 'invoicing_invoices', companyScoped: true, label: 'facture', feminine: true,
    schema: invoiceSchema, references, ...extra,
  });
}

const plugin = (id: string, entities: EntityDefinition[], dependsOn: Record<string, string> = {}) => ({
  def: { id, entities } as PluginDefinition,
  manifest: { id, dependsOn },
});

function bootError(fn: () => unknown): string {
  try { fn(); } catch (e) {
    expect(e).to.be.instanceOf(PluginError);
    return (e as Error).message;
  }
  throw new Error('no error');
}

describe('declared references', () => {
  it('resolves each path to its target, forward and backward, with its column', () => {
    const inv = invoices({ 'fk.customer': 'contacts.customers', 'items[].itemId': { entity: 'contacts.customers', blocksDeletion: false } });
    const index = buildReferenceIndex([plugin('contacts', [Customers]), plugin('invoicing', [inv], { contacts: '^0.1.0' })]);
    const [customer, item] = index.from(inv);
    expect(customer).to.include({ path: 'fk.customer', column: 'fk_customer', scalarColumn: true, blocksDeletion: true, target: Customers });
    expect(item).to.include({ path: 'items[].itemId', column: 'items', scalarColumn: false, blocksDeletion: false });
    expect(index.to(Customers).map((r) => r.path)).to.deep.equal(['fk.customer', 'items[].itemId']);
  });

  it('stops the boot, in French, on a target nobody declares, a plugin not depended on, or a path the schema lacks', () => {
    const contacts = plugin('contacts', [Customers]);
    expect(bootError(() => buildReferenceIndex([contacts, plugin('invoicing', [invoices({ 'fk.customer': 'contacts.clients' })], { contacts: '^0.1.0' })])))
      .to.equal('Plugin « invoicing » : l’entité « invoices » référence « contacts.clients » (fk.customer), une entité qu’aucun plugin chargé ne déclare.');
    expect(bootError(() => buildReferenceIndex([contacts, plugin('invoicing', [invoices({ 'fk.customer': 'contacts.customers' })])])))
      .to.match(/^Plugin « invoicing » : l’entité « invoices » référence « contacts\.customers » \(fk\.customer\), d’un plugin dont « invoicing » ne dépend pas/);
    for (const path of ['fk.missing', 'name', 'items[].label', 'items', 'fk.groups[].x']) {
      expect(bootError(() => buildReferenceIndex([contacts, plugin('invoicing', [invoices({ [path]: 'contacts.customers' })], { contacts: '^0.1.0' })])), path)
        .to.include(`déclare la référence « ${path} », absente de son schéma`);
    }
    expect(bootError(() => buildReferenceIndex([plugin('invoicing', [invoices({ 'fk.company': 'kernel.companies' })])]))).to.include('« fk.company »');
    expect(bootError(() => buildReferenceIndex([plugin('invoicing', [invoices({}, { archive: { field: 'name', archivedValue: true, referenced: 'x' } })])])))
      .to.include('s’archive par « name », qui n’est pas un booléen');
  });

  it('an optional reference may name a plugin that is not loaded (or not depended on); a loaded one must declare the entity', () => {
    const inv = invoices({ 'fk.groups': { entity: 'banking.operations', optional: true } });
    const index = buildReferenceIndex([plugin('invoicing', [inv])]);
    expect(index.from(inv)[0]).to.include({ target: null, targetName: 'banking.operations' });
    expect(bootError(() => buildReferenceIndex([plugin('contacts', [Customers]), plugin('invoicing', [invoices({ 'fk.groups': { entity: 'contacts.clients', optional: true } })])])))
      .to.include('le plugin « contacts » est chargé mais ne déclare pas cette entité');
  });

  it('reads the ids along a path, naming the field of each', () => {
    const doc = { fk: { customer: 'a'.repeat(24), groups: ['b'.repeat(24), 'c'.repeat(24)] }, items: [{ label: 'x' }, { label: 'y', itemId: 'd'.repeat(24) }] };
    expect(idsAt(doc, [{ key: 'fk', list: false }, { key: 'customer', list: false }])).to.deep.equal([{ id: 'a'.repeat(24), field: 'fk.customer' }]);
    expect(idsAt(doc, [{ key: 'fk', list: false }, { key: 'groups', list: false }]).map((x) => x.field)).to.deep.equal(['fk.groups.0', 'fk.groups.1']);
    expect(idsAt(doc, [{ key: 'items', list: true }, { key: 'itemId', list: false }])).to.deep.equal([{ id: 'd'.repeat(24), field: 'items.1.itemId' }]);
    expect(idsAt({ fk: { customer: null } }, [{ key: 'fk', list: false }, { key: 'customer', list: false }])).to.deep.equal([]);
  });

  it('reads a target FOR SHARE only when references keep it from deletion (issue 11 review)', () => {
    const inv = invoices({ 'fk.customer': 'contacts.customers', 'items[].itemId': { entity: 'contacts.customers', blocksDeletion: false } });
    const index = buildReferenceIndex([plugin('contacts', [Customers]), plugin('invoicing', [inv], { contacts: '^0.1.0' })]);
    const [customer, item] = index.from(inv);
    expect(locksTarget(Customers, [{ ref: customer }])).to.equal(true);
    expect(locksTarget(Customers, [{ ref: item }])).to.equal(false);
    expect(locksTarget(Customers, [{ ref: item }, { ref: customer }])).to.equal(true);
    // a target without archive: its deletion looks at no reference, nothing to hold
    expect(locksTarget(inv, [{ ref: customer }])).to.equal(false);
  });

  it('a plugin whose entity references an entity nobody loads does not boot', async () => {
    const database = await throwawayDatabase();
    try {
      let error: unknown;
      try { await bootOn(database, [fixture('dangling-reference')]); } catch (e) { error = e; }
      expect(error).to.be.instanceOf(PluginError);
      expect((error as Error).message).to.equal(
        'Plugin « dangling-reference » : l’entité « orders » référence « contacts.clients » (fk.customer), une entité qu’aucun plugin chargé ne déclare.');
    } finally {
      await database.drop();
    }
  });
});
