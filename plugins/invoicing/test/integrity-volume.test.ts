/**
 * The verifier on volumes (SQLite and MariaDB): many emissions, credit notes and payments, some
 * at once, leave whole chains; a long chain is read page by page through the list's cursor, never
 * whole (no timing asserted: bench/ measures speed).
 */
import { expect } from 'chai';
import { verifyChain, type CallContext, type ChainSource } from '@comptoir/sdk';
import type { TestKernel } from '@comptoir/sdk/testing';
import type { Invoice } from '../schemas/index.ts';
import { invoiceHash } from '../server/services/emission/hash-chain.ts';
import { CHAINS, chainSource, type IntegrityService } from '../server/services/emission/integrity.ts';
import { Invoices } from '../server/entities.ts';
import { API, bootKernel, createDraft, emit, emitted, makeEligible, otherCompany, pay } from './support.ts';

describe('invoicing : intégrité sur des volumes', function () {
  this.timeout(180_000);
  let k: TestKernel;
  before(async () => {
    k = await bootKernel();
    await makeEligible(k);
  });
  after(async () => { await k?.stop(); });

  it('trouve intactes les chaînes après de nombreuses émissions, avoirs et paiements, certains simultanés', async () => {
    const invoices: Invoice[] = [];
    for (let i = 0; i < 12; i++) invoices.push(await emitted(k.http, { items: [{ labelPrimary: `Commande ${i}`, vat: [20, 10, 5.5][i % 3], inclTaxesPrice: 10 + i }] }));
    const drafts = await Promise.all(Array.from({ length: 12 }, (_, i) => createDraft(k.http, { items: [{ labelPrimary: `Lot ${i}`, vat: 20, exclTaxesPrice: i + 1 }] })));
    const answers = await Promise.all(drafts.map((d) => k.http.post(`${API}/invoices/${d._id}/emit`)));
    for (const a of answers) expect(a.status, JSON.stringify(a.body)).to.equal(200);
    const paid = await Promise.all(invoices.map((inv, i) => k.http.post(`${API}/invoices/${inv._id}/payments`, { mode: ['cb', 'cash', 'transfer'][i % 3], amount: 5 })));
    for (const a of paid) expect(a.status, JSON.stringify(a.body)).to.equal(200);
    for (const inv of invoices.slice(0, 3)) {
      const credit = await k.http.post(`${API}/invoices/${inv._id}/credit`);
      await emit(k.http, credit.body._id);
    }
    await pay(k.http, invoices[5]._id, -2, 'cash');
    const counts = {
      invoices: (await k.http.get(`${API}/invoices`, { query: { filters: { numberFull: { mode: 'exists', value: true } } } })).body.count,
      payments: (await k.http.get(`${API}/payments`)).body.count,
    };
    expect(counts.invoices).to.equal(12 + 12 + 3);
    expect(await k.http.get(`${API}/integrity`).then((r) => r.body)).to.deep.equal({ valid: true, checked: counts.invoices + counts.payments, firstBroken: null });
  });

  it('parcourt une longue chaîne page par page, sans jamais la charger entière', async () => {
    const http = await otherCompany(k, 'Grande Chaîne SAS');
    const companyId = http.company!;
    const n = 1200;
    // the rows are written directly, then chained as they read back (emitting 1 200 invoices
    // through HTTP would measure the emission, not the walk)
    const rows = Array.from({ length: n }, (_, i) => ({
      _id: `65f0c0ffee${String(i).padStart(14, '0')}`, fk_company: companyId, number: i + 1, numberFull: `G${String(i + 1).padStart(7, '0')}`,
      date: new Date(Date.UTC(2025, 0, 1) + i * 60_000).toISOString(), subjectToVAT: 1, exclTaxesPrice: (i + 1) * 10_000, inclTaxesPrice: (i + 1) * 12_000,
      vatAmount: (i + 1) * 2000, vatDetails: '[]', items: '[]', status: 'emitted', vatCalculationMethod: 'rounded-total', itemsTypeForDeclaration: 'default',
      attachments: '[]', itemsCredit: '[]', fk_linkedPurchases: '[]', fk_bankOperationsSuggestions: '[]', hash: '0'.repeat(64),
      metadata_creationDate: '2025-01-01T00:00:00.000Z', metadata_lastModificationDate: '2025-01-01T00:00:00.000Z',
    }));
    await k.db.batchInsert('invoicing_invoices', rows, 200);
    const hashes = await k.kernel.asSystem(companyId, async (ctx: CallContext) => {
      const out: [string, string][] = [];
      let previous: string | null = null;
      for await (const page of chainSource(ctx, CHAINS[0]).pages(null)) {
        for (const invoice of page as Invoice[]) {
          previous = invoiceHash(previous, invoice);
          out.push([invoice._id, previous]);
        }
      }
      return out;
    }, 'invoicing') as [string, string][];
    const last = rows.at(-1)!;
    await k.db.transaction(async (trx) => {
      for (const [id, hash] of hashes) await trx('invoicing_invoices').where('_id', id).update({ hash });
      await trx('invoicing_chain_heads').insert({
        _id: '65f0c0ffee00000000ffffff', fk_company: companyId, chain: 'invoice', lastId: last._id, lastNumber: n, lastNumberFull: last.numberFull,
        lastHash: hashes.at(-1)![1], metadata_creationDate: last.metadata_creationDate, metadata_lastModificationDate: last.metadata_creationDate,
      });
    });

    expect((await http.get(`${API}/integrity`)).body).to.deep.equal({ valid: true, checked: n, firstBroken: null });

    const pages: number[] = [];
    const report = await k.kernel.asSystem(companyId, async (ctx: CallContext) => {
      const source = chainSource(ctx, CHAINS[0], 100);
      const spied: ChainSource<Invoice> = {
        ...source,
        async *pages(after) {
          for await (const page of source.pages(after)) { pages.push(page.length); yield page as Invoice[]; }
        },
      };
      return verifyChain(spied);
    }, 'invoicing');
    expect(report).to.deep.equal({ kind: 'invoice', checked: n, firstBroken: null });
    expect(pages).to.deep.equal(Array.from({ length: n / 100 }, () => 100));

    // a change near the end of the long chain is still named
    await k.db('invoicing_invoices').where('_id', rows[1100]._id).update({ vatAmount: 1 });
    const broken = await k.kernel.asSystem(companyId, (ctx: CallContext) => ctx.resolve<IntegrityService>('integrity').verify(), 'invoicing');
    expect(broken.firstBroken).to.include({ kind: 'invoice', _id: rows[1100]._id, number: 'G0001101', reason: 'altered' });
    expect(await k.kernel.asSystem(companyId, (ctx: CallContext) => ctx.repo(Invoices).count(), 'invoicing')).to.equal(n);
  });
});
