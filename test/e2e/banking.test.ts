/**
 * « Banque » in Debian's Chromium (playwright-core), on the demo company (its bank account, its
 * operations and rules from the plugin's seed) and the shell and banking remotes built here:
 *
 * 1. the operations screen shows the demo account with its balance and the demo operations;
 * 2. the OFX sample `ofxparse-bank_medium.ofx` is imported in the wizard: the report says 3
 *    operations added into a new account, with the bank's balance;
 * 3. « Créer une règle » on the McDonald's operation opens the editor prefilled with its bank label;
 *    narrowed to « MCDONALD », with a category and a new label, the live preview says 1 operation
 *    would change; saved and applied, the operation shows the new label and its category;
 * 4. « Rapprochements » suggests the demo's transfer for the latest unpaid demo invoice (its number
 *    and amount as reasons); accepted, it moves to « Rapprochées », and « Factures » shows the
 *    invoice paid (nothing left to pay, « Payée »);
 * 5. « Par mois » draws the income, outcome and balance of each month and the month's categories
 *    (chart.js canvases, their French summaries), with the table of categories.
 *
 *   npx mocha --no-config --import=tsx --timeout 120000 --exit test/e2e/banking.test.ts
 */
import path from 'node:path';
import { expect } from 'chai';
import type { Locator } from 'playwright-core';
import { demoSession, pick } from './support/demo-session.ts';

const TESTDATA = process.env.COMPTOIR_TESTDATA_DIR ?? path.resolve(import.meta.dirname, '../../../shared/testdata');
const text = async (l: Locator) => (await l.innerText()).replace(/\s+/g, ' ').trim();

describe('banking in Chromium: import an OFX statement, create a rule, accept a suggestion, the monthly chart', function () {
  this.timeout(240_000);
  const s = demoSession(this, { plugins: ['banking', 'invoicing'], shotPrefix: 'banque' });

  it('shows the demo account with its balance and its operations', async () => {
    const { page } = s;
    await page.getByTestId('side-menu').getByRole('link', { name: 'Banque', exact: true }).click();
    const screen = page.getByTestId('banking-operations');
    await screen.getByTestId('banking-operation').first().waitFor();
    expect(new URL(page.url()).pathname).to.equal('/banque');
    expect(await text(screen.getByTestId('banking-accounts'))).to.contain('Compte courant');
    // eight of the bank's demo, and the transfer that pays the latest unpaid demo invoice
    expect(await screen.getByTestId('banking-operation').count()).to.equal(9);
    // the demo's rule named the electricity
    expect(await screen.getByTestId('banking-operation-label').allInnerTexts()).to.include('Électricité (EDF)');
    await s.shot('1-operations');
  });

  it('imports the OFX sample: 3 operations in a new account, the bank\'s balance', async () => {
    const { page } = s;
    await page.getByRole('tab', { name: 'Importer un relevé' }).click();
    const wizard = page.getByTestId('banking-import');
    await wizard.waitFor();
    await wizard.locator('input[type="file"]').setInputFiles(path.join(TESTDATA, 'ofx', 'ofxparse-bank_medium.ofx'));
    await wizard.getByRole('button', { name: 'Importer' }).click();
    const report = wizard.getByTestId('banking-import-report');
    await report.waitFor();
    const said = await text(report);
    expect(said).to.contain('3 opération(s) ajoutée(s), 0 déjà connue(s), 0 rejetée(s)');
    expect(said).to.contain('160000100 12300 000012345678 (créé)');
    expect(said).to.contain('382,34');
    await s.shot('2-import');
  });

  it('creates a rule from an operation: prefilled, previewed, saved and applied', async () => {
    const { page } = s;
    await page.getByRole('tab', { name: 'Opérations' }).click();
    const row = page.getByTestId('banking-operation').filter({ hasText: 'MCDONALD\'S #112' });
    await row.waitFor();
    await row.getByRole('button', { name: 'Créer une règle' }).click();
    const editor = page.getByTestId('banking-rule-editor');
    await editor.waitFor();
    const labelText = editor.getByLabel('Texte', { exact: true });
    expect(await labelText.inputValue()).to.equal('POS MERCHANDISE;MCDONALD\'S #112');
    await labelText.fill('MCDONALD');
    await editor.getByLabel(/^Nom/).fill('Repas McDonald’s');
    await pick(page, editor.getByLabel('Classer dans'), 'Achats › Emballages');
    await editor.getByLabel(/^Nouveau libellé/).fill('Repas McDonald’s');
    const preview = editor.getByTestId('banking-rule-preview');
    await preview.getByText(/^Aperçu : 1 opération\(s\) sur \d+ seraient modifiées$/).waitFor();
    await s.shot('3-regle');
    await editor.getByRole('button', { name: 'Enregistrer la règle' }).click();
    await editor.waitFor({ state: 'detached' });
    await page.getByRole('tab', { name: 'Opérations' }).click();
    const applied = page.getByTestId('banking-operation').filter({ hasText: 'Repas McDonald’s' });
    await applied.waitFor();
    expect(await applied.getByLabel('Catégorie').inputValue()).to.equal('Achats › Emballages');
    await s.shot('4-appliquee');
  });

  it('accepts the suggestion of the demo transfer: the invoice is paid', async () => {
    const { page } = s;
    await page.getByRole('tab', { name: 'Rapprochements' }).click();
    const inbox = page.getByTestId('banking-matching');
    const group = inbox.getByTestId('banking-suggestion-group').filter({ hasText: 'VIR SEPA' });
    await group.waitFor();
    const suggestion = group.getByTestId('banking-suggestion').first();
    const said = await text(suggestion);
    expect(said).to.match(/facture/i);
    expect(said).to.contain('Montant égal au reste à payer');
    const number = /Numéro « ([^»]+) » trouvé dans le libellé/.exec(said)?.[1];
    expect(number, said).to.be.a('string');
    await s.shot('5-suggestion');
    await suggestion.getByRole('button', { name: 'Accepter' }).click();
    await group.waitFor({ state: 'detached' });
    await inbox.getByText('Rapprochées', { exact: true }).click();
    await inbox.getByTestId('banking-suggestion').filter({ hasText: number! }).waitFor();

    await page.getByTestId('side-menu').getByRole('link', { name: 'Factures', exact: true }).click();
    const row = page.getByTestId('invoicing-invoice-row').filter({ hasText: number! });
    await row.waitFor();
    expect(await text(row.getByTestId('invoicing-invoice-unpaid'))).to.match(/^(—|0,00 €)$/);
    expect(await text(row.getByTestId('invoicing-status'))).to.match(/^payée$/i);
    await s.shot('6-facture-payee');
  });

  it('shows the months: income, outcome and balance per month, the month\'s categories', async () => {
    const { page } = s;
    await page.getByTestId('side-menu').getByRole('link', { name: 'Banque', exact: true }).click();
    await page.getByRole('tab', { name: 'Par mois' }).click();
    const months = page.getByTestId('banking-months');
    await months.getByTestId('banking-months-chart').locator('canvas').waitFor();
    const summary = await months.getByTestId('banking-months-chart-summary').innerText();
    const now = new Intl.DateTimeFormat('fr-FR', { timeZone: 'Europe/Paris', month: 'long', year: 'numeric' }).format(new Date());
    expect(summary).to.contain(now);
    expect(summary).to.match(/d’entrées, .* de sorties, solde/);
    await months.getByTestId('banking-categories-chart').locator('canvas').waitFor();
    expect(await text(months.getByTestId('banking-month-categories'))).to.contain('Charges');
    expect(await months.getByTestId('banking-categories-chart-summary').innerText()).to.contain('Charges');
    await s.shot('7-mois');
  });
});
