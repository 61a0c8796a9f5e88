/**
 * « Comptabilité » of the invoicing remote in Debian's Chromium, on the demo company (its seeded
 * invoices and payments):
 * 1. « Vérifier l’intégrité » says the chains are whole (« 4 documents vérifiés, chaîne intacte »);
 *    after an amount is changed in the database behind the application's back, it names the
 *    invoice (« Chaîne rompue à la facture … »); put back, whole again;
 * 2. the FEC panel sums up the current fiscal year (file name, « provisoire » while it runs, totals
 *    by journal) and downloads the file: the legal name, the header line of invoicing README « FEC »;
 * 3. the « Plan comptable » screen changes the customers' account; the next FEC uses it.
 *   npx mocha --no-config --import=tsx --timeout 120000 --exit test/e2e/accounting.test.ts
 */
import fs from 'node:fs';
import { expect } from 'chai';
import type { Page } from 'playwright-core';
import iconv from 'iconv-lite';
import { demoSession } from './support/demo-session.ts';

const HEADER = 'JournalCode|JournalLib|EcritureNum|EcritureDate|CompteNum|CompteLib|CompAuxNum|CompAuxLib|PieceRef|PieceDate|EcritureLib|Debit|Credit|EcritureLet|DateLet|ValidDate|Montantdevise|Idevise';

describe('accounting in Chromium: integrity, FEC export, chart of accounts', function () {
  this.timeout(240_000);
  const s = demoSession(this, { plugins: ['contacts', 'invoicing'], shotPrefix: 'comptabilite' });
  let page: Page;
  const year = String(new Date().getFullYear());
  before(() => { page = s.page; });

  async function downloadFec(): Promise<{ name: string; text: string }> {
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('fec-download').click()]);
    return { name: download.suggestedFilename(), text: iconv.decode(fs.readFileSync(await download.path()), 'iso-8859-15') };
  }

  it('vérifie l’intégrité : intacte, puis rompue à la facture modifiée en base, puis intacte à nouveau', async () => {
    await page.getByTestId('side-menu').getByRole('link', { name: 'Comptabilité' }).click();
    const screen = page.getByTestId('invoicing-accounting');
    await screen.waitFor();
    expect(new URL(page.url()).pathname).to.equal('/comptabilite');
    const db = s.kernel.db;
    // every chained document of the demo: emitted invoices, and the payments of every chain, those
    // to suppliers included (purchases' own chains, verified with invoicing's at /api/kernel/integrity)
    const count = async (table: string, column: string) => Number(((await db(table).whereNotNull(column).count({ n: '*' })) as { n: number | string }[])[0].n);
    const chained = (await count('invoicing_invoices', 'numberFull')) + (await count('invoicing_payments', 'number')) + (await count('purchases_payments', 'number'));
    expect(chained).to.be.greaterThan(3);
    const intact = `${chained} documents vérifiés, toutes les chaînes sont intactes`;
    await screen.getByTestId('integrity-verify').click();
    await screen.getByTestId('integrity-result').getByText(intact).waitFor();

    const first = await db('invoicing_invoices').whereNotNull('numberFull').orderBy('number').first();
    await db('invoicing_invoices').where('_id', first._id).update({ inclTaxesPrice: Number(first.inclTaxesPrice) + 10_000 });
    try {
      await screen.getByTestId('integrity-verify').click();
      await screen.getByTestId('integrity-result').getByText(`Chaîne rompue à la facture ${first.numberFull}`).waitFor();
      // only that chain is broken; the suppliers' payments are listed, whole, under their French label
      expect(await screen.locator('[data-testid="integrity-chain"][data-valid="false"]').count()).to.equal(1);
      const suppliers = screen.locator('[data-testid="integrity-chain"][data-chain="purchases.payments"]');
      expect(await suppliers.getAttribute('data-valid')).to.equal('true');
      expect(await suppliers.innerText()).to.include('Paiements fournisseurs');
      await s.shot('integrite-rompue');
    } finally {
      await db('invoicing_invoices').where('_id', first._id).update({ inclTaxesPrice: first.inclTaxesPrice });
    }
    await screen.getByTestId('integrity-verify').click();
    await screen.getByTestId('integrity-result').getByText(intact).waitFor();
  });

  it('résume et télécharge le FEC de l’exercice en cours : nom légal, en-tête exact, provisoire', async () => {
    const screen = page.getByTestId('invoicing-accounting');
    await screen.getByTestId('fec-year').click();
    await page.getByRole('option', { name: year, exact: true }).click();
    const summary = screen.getByTestId('fec-summary');
    await summary.getByText(`fichier 824671531FEC${year}1231.txt`, { exact: false }).waitFor();
    await summary.getByText('Exercice en cours : fichier provisoire').waitFor();
    await summary.getByRole('cell', { name: 'VE — Journal des ventes' }).waitFor();
    await s.shot('fec');
    const fec = await downloadFec();
    expect(fec.name).to.equal(`824671531FEC${year}1231.txt`);
    const lines = fec.text.split('\r\n');
    expect(lines[0]).to.equal(HEADER);
    expect(lines.filter((l) => l.startsWith('VE|')).length).to.be.greaterThan(4);
    // every demo invoice names a customer of the directory: its subsidiary account (C + its id)
    expect(fec.text).to.match(/\|411000\|Clients\|C[0-9A-F]{24}\|[^|]+\|/);
  });

  it('modifie le plan comptable ; le FEC suivant en tient compte', async () => {
    await page.getByRole('link', { name: 'Modifier le plan comptable' }).click();
    const form = page.getByTestId('invoicing-chart');
    await form.waitFor();
    expect(new URL(page.url()).pathname).to.equal('/comptabilite/plan-comptable');
    await form.getByLabel('Numéro : Clients', { exact: true }).fill('41100000');
    await form.getByLabel('Code : Ventes', { exact: true }).fill('VT');
    await form.getByRole('button', { name: 'Enregistrer' }).click();
    await page.getByText('Le plan comptable est enregistré.').waitFor();
    await s.shot('plan-comptable');
    // a refused number stays on its input, in French
    await form.getByLabel('Numéro : Banque', { exact: true }).fill('BANQUE');
    await form.getByRole('button', { name: 'Enregistrer' }).click();
    await form.getByRole('alert').waitFor();
    await form.getByRole('button', { name: 'Annuler les modifications' }).click();

    await page.getByRole('link', { name: '← Comptabilité' }).click();
    const screen = page.getByTestId('invoicing-accounting');
    await screen.getByTestId('fec-year').click();
    await page.getByRole('option', { name: year, exact: true }).click();
    await screen.getByTestId('fec-summary').getByRole('cell', { name: 'VT — Journal des ventes' }).waitFor();
    const fec = await downloadFec();
    expect(fec.text).to.match(/\|41100000\|Clients\|C[0-9A-F]{24}\|[^|]+\|/);
    expect(fec.text).to.not.include('|411000|');
  });
});
