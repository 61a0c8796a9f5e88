/**
 * A corrective invoice in Debian's Chromium (playwright-core), on the demo company (issue 13,
 * invoicing README « Corrective invoice »):
 *
 * 1. an unpaid invoice of the demo (« Émises ») gets its corrective: the draft says « Remplacera la
 *    facture … »;
 * 2. emitted, the corrective says « Remplace la facture … » with a link; its source says « Remplacée
 *    par la facture … » (link back), its chip is « Remplacée », it offers no payment, credit note nor
 *    corrective any more, and its payments show the compensation;
 * 3. the list shows the « Remplacée » chip under « Remplacées », and « Impayées » leaves it out.
 *
 * Screenshots go to test/e2e/screenshots/ (git-ignored).
 *   npx mocha --no-config --import=tsx --timeout 120000 --exit test/e2e/invoicing-corrective.test.ts
 */
import { expect } from 'chai';
import type { Page } from 'playwright-core';
import { demoSession, pick } from './support/demo-session.ts';

describe('invoicing in Chromium: a corrective invoice cancels and replaces an unpaid invoice', function () {
  this.timeout(240_000);
  const s = demoSession(this, { plugins: ['contacts', 'invoicing'], shotPrefix: 'corrective' });
  let page: Page;
  let sourceNumber: string;
  let correctiveNumber: string;
  before(() => { page = s.page; });

  async function invoicesWithState(state: RegExp) {
    await page.getByTestId('side-menu').getByRole('link', { name: 'Factures', exact: true }).click();
    const list = page.getByTestId('invoicing-invoices');
    await list.getByTestId('invoicing-invoice-row').first().waitFor();
    await pick(page, list.getByRole('combobox', { name: 'Statut' }), state);
    return list;
  }

  it('prepares the corrective of an unpaid invoice: the draft says which invoice it will replace', async () => {
    const list = await invoicesWithState(/^Émises$/);
    const row = list.getByTestId('invoicing-invoice-row').filter({ hasText: 'Émise' }).first();
    await row.waitFor();
    await row.getByRole('link').first().click();
    const view = page.getByTestId('invoicing-invoice-view');
    await view.waitFor();
    sourceNumber = (await view.getByRole('heading', { level: 1 }).innerText()).replace(/^Facture /, '');
    await view.getByTestId('invoicing-status').getByText('Émise').waitFor();
    await view.getByRole('button', { name: 'Facture corrective' }).click();
    await page.getByRole('dialog', { name: 'Facture corrective' }).getByRole('button', { name: 'Créer la facture corrective' }).click();
    const editor = page.getByTestId('invoicing-invoice-editor');
    await editor.getByText('Brouillon — Facture corrective').waitFor();
    expect(await editor.getByTestId('invoicing-header-message').innerText()).to.contain(sourceNumber);
    await editor.getByTestId('invoicing-replaces').getByRole('link', { name: sourceNumber }).waitFor();
    expect(await editor.getByTestId('invoicing-replaces').innerText()).to.contain(`Remplacera la facture ${sourceNumber}.`);
    await s.shot('1-brouillon');
  });

  it('emits it: the corrective « Remplace la facture … », its source « Remplacée par la facture … »', async () => {
    await page.getByTestId('invoicing-invoice-editor').getByRole('button', { name: 'Émettre' }).click();
    await page.getByRole('dialog', { name: 'Émettre la facture' }).getByRole('button', { name: 'Émettre' }).click();
    const corrective = page.getByTestId('invoicing-invoice-view');
    await corrective.getByRole('heading', { level: 1, name: /^Facture corrective \S*\d/ }).waitFor();
    correctiveNumber = (await corrective.getByRole('heading', { level: 1 }).innerText()).replace(/^Facture corrective /, '');
    const replaces = corrective.getByTestId('invoicing-replaces');
    await replaces.getByRole('link', { name: sourceNumber }).waitFor();
    expect(await replaces.innerText()).to.contain(`Remplace la facture ${sourceNumber}.`);
    await s.shot('2-corrective-emise');

    await replaces.getByRole('link', { name: sourceNumber }).click();
    const source = page.getByTestId('invoicing-invoice-view');
    await source.getByRole('heading', { level: 1, name: `Facture ${sourceNumber}` }).waitFor();
    const replacedBy = source.getByTestId('invoicing-replaced-by');
    await replacedBy.getByRole('link', { name: correctiveNumber }).waitFor();
    expect(await replacedBy.innerText()).to.contain(`Remplacée par la facture ${correctiveNumber}.`);
    await source.getByTestId('invoicing-status').getByText('Remplacée').waitFor();
    // owed no more: its payments show the compensation, and nothing is recorded on it any more
    await source.getByTestId('invoicing-invoice-payments').getByText("Compensation d'avoir").waitFor();
    for (const action of ['Enregistrer un paiement', 'Créer un avoir', 'Facture corrective']) {
      expect(await source.getByRole('button', { name: action }).count(), action).to.equal(0);
    }
    await s.shot('3-source-remplacee');

    // and back to the corrective from its source
    await replacedBy.getByRole('link', { name: correctiveNumber }).click();
    await page.getByTestId('invoicing-invoice-view').getByRole('heading', { level: 1, name: `Facture corrective ${correctiveNumber}` }).waitFor();
  });

  it('the list marks the source « Remplacée » and leaves it out of « Impayées »', async () => {
    let list = await invoicesWithState(/^Remplacées$/);
    const row = list.getByTestId('invoicing-invoice-row').filter({ hasText: sourceNumber });
    await row.waitFor();
    expect(await list.getByTestId('invoicing-invoice-row').count()).to.equal(1);
    expect(await row.getByTestId('invoicing-status').textContent()).to.equal('Remplacée');
    await s.shot('4-liste-remplacees');

    list = await invoicesWithState(/^Impayées$/);
    await list.getByTestId('invoicing-invoice-row').filter({ hasText: correctiveNumber }).waitFor();
    expect(await list.getByTestId('invoicing-invoice-row').filter({ hasText: sourceNumber }).count()).to.equal(0);
  });
});
