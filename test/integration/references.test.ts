/**
 * Every declared reference of every loaded entity (EntityDefinition.references) through the
 * repository, driven by the declarations: a reference added to an entity is covered here without
 * a line to write. For each: another company's record (or an id that names nothing) is a French
 * 400 naming the field and writes nothing, on create and on update; the company's own record
 * passes. Plugins: contacts, catalogue, invoicing, purchases and the kernel.
 */
import path from 'node:path';
import { expect } from 'chai';
import { createTestKernel, type TestKernel } from '@comptoir/sdk/testing';
import type { EntityDefinition } from '@comptoir/sdk';
import { Records, withIdAt } from '../support/entity-docs.ts';
import type { ResolvedReference } from '../../server/src/db/references.ts';

const PLUGINS = ['contacts', 'catalogue', 'invoicing', 'purchases'].map((id) => path.resolve(import.meta.dirname, '../../plugins', id));
const NOBODY = 'feedfacefeedfacefeedface';

async function rows(k: TestKernel, table: string): Promise<Record<string, unknown>[]> {
  return k.db(table).select('*').orderBy('_id');
}

async function refusal(p: Promise<unknown>): Promise<{ status: number; message: string; details: { field: string; message: string }[] }> {
  try {
    await p;
  } catch (e) {
    const err = e as { status?: number; message: string; details?: { field: string; message: string }[] };
    return { status: err.status ?? 500, message: err.message, details: err.details ?? [] };
  }
  return { status: 201, message: '', details: [] };
}

/** The concrete field of the first id at a path: `fk.groups.0`, `items.0.itemId`, `fk.customer`. */
const fieldOf = (ref: ResolvedReference, isList: boolean) =>
  ref.steps.map((s) => (s.list ? `${s.key}.0` : s.key)).join('.') + (isList ? '.0' : '');

describe('references: every declared fk names a record of the active company', function () {
  this.timeout(120_000);
  let k: TestKernel;
  let records: Records;
  let a: string;
  let b: string;
  const covered: string[] = [];

  before(async function () {
    k = await createTestKernel({ plugins: PLUGINS });
    records = new Records(k);
    a = k.admin.companyId;
    const other = await k.http.post('/api/kernel/companies', { name: 'Autre entreprise' });
    expect(other.status).to.equal(201);
    b = other.body._id;
  });
  after(async function () { await k?.stop(); });

  /** The references to exercise: those of company-scoped entities, and of the kernel's others. */
  function references(): ResolvedReference[] {
    return records.entities().filter((e) => e.companyScoped || e.plugin === 'kernel').flatMap((e) => records.index.from(e));
  }

  it('the declarations cover the fks of contacts, catalogue, invoicing and purchases and the kernel', function () {
    const declared = new Set(references().map((r) => `${r.source.plugin}.${r.source.name}:${r.path}`));
    for (const expected of [
      'contacts.customers:fk.groups', 'contacts.providers:fk.groups', 'contacts.contacts:fk.providers', 'contacts.contacts:customers[].customerId',
      'catalogue.items:fk.groups',
      'invoicing.invoices:fk.receiverCustomer', 'invoicing.invoices:items[].itemId', 'invoicing.quotations:fk.receiverCustomer',
      'invoicing.quotations:fk.receiverCompany', 'invoicing.payments:fk.customer', 'invoicing.invoice-templates:cronRules[].customers',
      'purchases.purchases:fk.provider', 'purchases.purchases:fk.linkedSales', 'purchases.external-purchases:fk.purchases',
      'kernel.groups:fk.parent', 'kernel.files:fk.group', 'kernel.invitations:fk.roles',
    ]) expect(declared, expected).to.include(expected);
    // every id field of every fk block is declared, or listed here with the reason it is not
    const undeclared = new Map<string, string>([
      ['kernel.activities', 'a log: it names objects of any kind, and objects deleted since'],
      ['kernel.access-tokens', 'fk.linkedObject names an object of any kind'],
      ['invoicing.chain-heads', 'none besides the company'],
    ]);
    for (const e of records.entities()) {
      const fk = (e.schema.properties as Record<string, { properties?: Record<string, unknown> }>).fk?.properties ?? {};
      for (const key of Object.keys(fk)) {
        if ((key === 'company' && e.companyScoped) || undeclared.has(`${e.plugin}.${e.name}`)) continue;
        expect(declared.has(`${e.plugin}.${e.name}:fk.${key}`), `${e.plugin}.${e.name}: fk.${key} is neither declared nor listed as undeclared`).to.equal(true);
      }
    }
  });

  it('create: another company\'s record (or nothing) at each declared path is a 400 naming the field; nothing is written', async function () {
    for (const ref of references()) {
      const source = ref.source;
      const company = source.companyScoped ? a : null;
      const base = await records.minimal(source, company);
      // a company-scoped target: B's record; otherwise (or an optional target not loaded): an id of nothing
      const foreign = ref.target?.companyScoped ? await records.record(ref.target, b) : NOBODY;
      const before = await rows(k, source.table);
      const bad = withIdAt(base, ref, foreign, () => NOBODY);
      const isList = JSON.stringify(bad).includes(`["${foreign}"]`);
      const res = await refusal(records.run(source, company, (repo) => repo.create(bad)));
      const what = `${source.plugin}.${source.name} ${ref.path}`;
      expect(res.status, `${what}: ${res.message}`).to.equal(400);
      expect(res.message, what).to.match(new RegExp(`^${fieldOf(ref, isList).replace(/\./g, '\\.')} : aucune? `));
      expect(res.message, what).to.include(foreign);
      if (ref.target?.companyScoped) expect(res.message, what).to.include('de cette entreprise');
      expect(res.details[0].field, what).to.equal(fieldOf(ref, isList));
      expect(await rows(k, source.table), `${what}: nothing written`).to.deep.equal(before);
      covered.push(what);
    }
    expect(covered.length).to.be.greaterThan(40);
  });

  it('create and update: the company\'s own record passes; an update adding a foreign one is a 400 and changes nothing', async function () {
    for (const ref of references()) {
      if (!ref.target) continue; // an optional target whose plugin is not loaded: no record can be named
      const source = ref.source;
      const company = source.companyScoped ? a : null;
      const what = `${source.plugin}.${source.name} ${ref.path}`;
      const own = await records.record(ref.target, ref.target.companyScoped ? a : null);
      const base = await records.minimal(source, company);
      const created = await records.run(source, company, (repo) => repo.create(withIdAt(base, ref, own, () => NOBODY))) as { _id: string };
      expect(JSON.stringify(created), what).to.include(own);
      // an update that keeps its references is not checked again; one that adds a foreign id is refused
      const foreign = ref.target.companyScoped ? await records.record(ref.target, b) : NOBODY;
      const stored = await k.db(source.table).where({ _id: created._id }).first();
      const top = ref.steps[0].key;
      const changed = withIdAt(base, ref, foreign, () => NOBODY);
      const res = await refusal(records.run(source, company, (repo) => repo.update(created._id, { [top]: changed[top] })));
      expect(res.status, `${what}: ${res.message}`).to.equal(400);
      expect(await k.db(source.table).where({ _id: created._id }).first(), `${what}: unchanged`).to.deep.equal(stored);
      const same = await refusal(records.run(source, company, (repo) => repo.update(created._id, { [top]: withIdAt(base, ref, own, () => NOBODY)[top] })));
      expect(same.status, `${what}: ${same.message}`).to.equal(201);
    }
  });

  it('refuses a kernel document naming nothing: a non-company target only has to exist', async function () {
    // another company is a valid receiver of a quotation (a company of this server), a deleted one is not
    const Quotations = records.entities().find((e) => e.plugin === 'invoicing' && e.name === 'quotations') as EntityDefinition;
    const ref = records.index.from(Quotations).find((r) => r.path === 'fk.receiverCompany')!;
    const base = await records.minimal(Quotations, a);
    const ok = await refusal(records.run(Quotations, a, (repo) => repo.create(withIdAt(base, ref, b, () => NOBODY))));
    expect(ok.status, ok.message).to.equal(201);
    const bad = await refusal(records.run(Quotations, a, (repo) => repo.create(withIdAt(base, ref, NOBODY, () => NOBODY))));
    expect(bad.status).to.equal(400);
    expect(bad.message).to.equal(`fk.receiverCompany : aucune entreprise ne porte l’identifiant ${NOBODY}.`);
  });
});
