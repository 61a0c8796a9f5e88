/**
 * `npm run verify-integrity [-- --company <id>]` run the way a person runs it, on the database of a
 * test kernel (SQLite and MariaDB): French lines per company, exit code 0 when every chain is
 * whole, 1 when one is broken (naming the document) or when the arguments are refused.
 */
import path from 'node:path';
import { expect } from 'chai';
import type { TestKernel } from '@comptoir/sdk/testing';
import { emitted, makeEligible, otherCompany, pay } from '../../plugins/invoicing/test/support.ts';
import { bootKernel, createProvider, createPurchase, ok, pay as payPurchase } from '../../plugins/purchases/test/support.ts';
import { childEnv, runNode } from './support.ts';

describe('tools : verify-integrity', function () {
  this.timeout(120_000);
  let k: TestKernel;
  let env: NodeJS.ProcessEnv;
  let companies: { id: string; name: string }[];
  const run = (...args: string[]) => runNode(['--import', 'tsx', path.join('tools', 'src', 'verify-integrity.ts'), ...args], env);

  before(async () => {
    k = await bootKernel();
    await makeEligible(k);
    const invoice = await emitted(k.http);
    await emitted(k.http);
    await pay(k.http, invoice._id, 2, 'cash');
    // a supplier payment: its chain is purchases' own (issue 12), verified too
    const provider = await createProvider(k.http, { company: 'Moulins de Provence SARL' });
    const purchase = await createPurchase(k.http, { fk: { provider: provider._id } });
    await ok(payPurchase(k.http, `purchases/${purchase._id}`, 30, 'transfer'));
    const other = await otherCompany(k, 'Autre Société SAS');
    const { dataDir, databaseUrl } = k.kernel.config as { dataDir: string; databaseUrl: string | null };
    env = childEnv({ DATA_DIR: dataDir, ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}) });
    companies = [
      { id: k.admin.companyId, name: 'Boulangerie Martin SARL' },
      { id: other.company!, name: 'Autre Société SAS' },
    ];
  });
  after(async () => { await k?.stop(); });

  it('vérifie toutes les entreprises et répond 0 quand les chaînes sont intactes', async () => {
    const res = await run();
    expect(res.code, res.stderr).to.equal(0);
    expect(res.stdout).to.include(`« Boulangerie Martin SARL » (${companies[0].id}) : 4 documents vérifiés, chaîne intacte.`);
    expect(res.stdout).to.include(`« Autre Société SAS » (${companies[1].id}) : 0 document vérifié, chaîne intacte.`);
    expect(res.stdout).to.include('Résultat : toutes les chaînes sont intactes (2 entreprises, 4 documents).');
  });

  it('répond 1 et nomme la facture modifiée en base ; --company ne regarde qu’une entreprise', async () => {
    const row = await k.db('invoicing_invoices').where({ fk_company: companies[0].id, number: 1 }).first();
    await k.db('invoicing_invoices').where('_id', row._id).update({ inclTaxesPrice: Number(row.inclTaxesPrice) + 1 });
    try {
      const res = await run();
      expect(res.code, res.stderr).to.equal(1);
      expect(res.stdout).to.include(`« Boulangerie Martin SARL » (${companies[0].id}) : chaîne rompue à la facture ${row.numberFull} (${row._id}) — la facture ${row.numberFull} ne correspond plus à son empreinte`);
      expect(res.stdout).to.include('Résultat : 1 entreprise sur 2 avec une chaîne rompue.');
      const one = await run('--company', companies[1].id);
      expect(one.code, one.stderr).to.equal(0);
      expect(one.stdout).to.not.include('Boulangerie');
      expect(one.stdout).to.include('(1 entreprise, 0 documents)');
    } finally {
      await k.db('invoicing_invoices').where('_id', row._id).update({ inclTaxesPrice: row.inclTaxesPrice });
    }
  });

  it('répond 1 et nomme le paiement d’achat modifié en base (chaîne des achats)', async () => {
    const row = await k.db('purchases_payments').where({ fk_company: companies[0].id, number: 1 }).first();
    await k.db('purchases_payments').where('_id', row._id).update({ amount: 31 });
    try {
      const res = await run();
      expect(res.code, res.stderr).to.equal(1);
      expect(res.stdout).to.include(`« Boulangerie Martin SARL » (${companies[0].id}) : chaîne rompue au paiement d’achat ${row.numberFull} (${row._id}) — le paiement d’achat ${row.numberFull} ne correspond plus à son empreinte`);
    } finally {
      await k.db('purchases_payments').where('_id', row._id).update({ amount: row.amount });
    }
    expect((await run()).code).to.equal(0);
  });

  it('répond 1 et nomme la table de totaux qui ne correspond plus au recomptage des documents (issue 14)', async () => {
    const row = await k.db('invoicing_invoices_totals').where('fk_company', companies[0].id).andWhere('n', '>', 0).first();
    await k.db('invoicing_invoices_totals').where({ fk_company: row.fk_company, group_key: row.group_key }).update({ n: Number(row.n) + 1 });
    try {
      const res = await run();
      expect(res.code, res.stderr).to.equal(1);
      expect(res.stdout).to.include(`« Boulangerie Martin SARL » (${companies[0].id}) : les totaux tenus à jour de invoicing_invoices_totals diffèrent du recomptage des documents (1 groupe) ; supprimez la table invoicing_invoices_totals : le prochain démarrage la recompte.`);
      expect(res.stdout).to.include('Totaux : 1 table de totaux à recompter.');
      // the chains themselves are whole
      expect(res.stdout).to.include(`« Boulangerie Martin SARL » (${companies[0].id}) : 4 documents vérifiés, chaîne intacte.`);
    } finally {
      await k.db('invoicing_invoices_totals').where({ fk_company: row.fk_company, group_key: row.group_key }).update({ n: row.n });
    }
    expect((await run()).code).to.equal(0);
  });

  it('refuse (1) une entreprise inconnue ou une option inconnue, en français', async () => {
    const unknown = await run('--company', 'nimporte');
    expect(unknown.code).to.equal(1);
    expect(unknown.stderr).to.include('Vérification d’intégrité impossible : entreprise inconnue : « nimporte ».');
    const option = await run('--societe', 'x');
    expect(option.code).to.equal(1);
    expect(option.stderr).to.include('option inconnue « --societe »');
  });
});
