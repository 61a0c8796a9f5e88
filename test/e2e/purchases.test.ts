/**
 * « Achats » in Debian's Chromium (playwright-core), on the demo company (with the purchases of
 * the plugins' seeds) and the shell, contacts, invoicing and purchases remotes built here:
 *
 * 1. the purchases list shows the demo purchases with their status chips and totals;
 * 2. the EN 16931 sample invoice is dropped into the import wizard: the report says what was read
 *    (number, date, provider to create, profile) and the engine's totals of the purchase to come;
 * 3. « Créer l’achat » keeps the file (kernel files) and opens the purchase: « À payer »,
 *    104,90 € still due, the provider created, the original file attached;
 * 4. a payment of the whole amount is recorded: « Payé », nothing left to pay, the payment listed;
 * 5. the list's « Payés » chip shows it; « Achats en ligne » lists the demo order;
 * 6. « Paiements fournisseurs » lists the payment (supplier, purchase, « Décaissement », −104,90 €)
 *    and, filtered by the address's `sens=encaissement`, the supplier's refund.
 *
 * Screenshots go to test/e2e/screenshots/ (git-ignored).
 *   npx mocha --no-config --import=tsx --timeout 120000 --exit test/e2e/purchases.test.ts
 */
import path from 'node:path';
import { expect } from 'chai';
import type { Locator } from 'playwright-core';
import { demoSession } from './support/demo-session.ts';
import { SAMPLES_DIR, requireSamples } from '../../plugins/purchases/test/support.ts';

/** Intl writes French amounts with a no-break space before € (and a narrow one between thousands). */
const euros = (text: string) => text.replace(/ €$/, '\u00a0€').replace(/ /g, '\u202f');
const text = async (l: Locator) => (await l.innerText()).replace(/\s+/g, ' ').trim();

describe('purchases in Chromium: import of a Factur-X invoice, payment', function () {
  this.timeout(240_000);
  const s = demoSession(this, { plugins: ['contacts', 'invoicing', 'purchases'], shotPrefix: 'achats', before: (ctx) => requireSamples(ctx) });
  let purchasePath = '';

  it('lists the demo purchases with their status chips and totals', async () => {
    const { page } = s;
    await page.getByTestId('side-menu').getByRole('link', { name: 'Achats', exact: true }).click();
    const list = page.getByTestId('purchases-list');
    await list.getByTestId('purchases-row').first().waitFor();
    expect(new URL(page.url()).pathname).to.equal('/achats');
    expect(await list.getByTestId('purchases-row').count()).to.equal(3);
    expect(await text(list.getByTestId('purchases-list-totals'))).to.match(/^3 achats Total TTC/);
    // textContent: the badges are shown in capitals by CSS
    const statuses = await list.getByTestId('purchases-status').allTextContents();
    expect(statuses).to.have.members(['Payé', 'Partiellement payé', 'À payer']);
    await s.shot('1-liste');
  });

  it('reads the EN 16931 sample in the wizard: report and totals, nothing stored yet', async () => {
    const { page } = s;
    await page.getByRole('link', { name: 'Importer une facture' }).click();
    const wizard = page.getByTestId('purchases-import');
    await wizard.waitFor();
    expect(new URL(page.url()).pathname).to.equal('/achats/importer');
    await wizard.locator('input[type="file"]').setInputFiles(path.join(SAMPLES_DIR, 'akretion-factur-x-en16931.xml'));
    const report = wizard.getByTestId('purchases-import-report');
    await report.waitFor();
    expect(await text(report)).to.contain('Facture n° F20260023 du 31/01/2026 (profil EN 16931).');
    expect(await text(report)).to.contain('Fournisseur : LE FOURNISSEUR — SIREN 123456782, TVA FR11123456782.');
    expect(await text(wizard.getByTestId('purchases-import-provider'))).to.equal('Nouveau fournisseur : la fiche « LE FOURNISSEUR » sera créée dans vos contacts.');
    // the sample is addressed to « LE CLIENT », not to the demo bakery: said, not refused
    expect(await text(report.getByTestId('purchases-import-inconsistencies'))).to.contain('Cette facture est adressée à « LE CLIENT », pas à votre entreprise.');
    await wizard.getByTestId('purchases-import-total-incl').getByText(euros('104,90 €')).waitFor();
    expect(await wizard.getByTestId('purchases-import-total-vat').innerText()).to.equal(euros('4,90 €'));
    await s.shot('2-rapport');
  });

  it('creates the purchase: numbered, « À payer », provider created, original file attached', async () => {
    const { page } = s;
    await page.getByRole('button', { name: 'Créer l’achat' }).click();
    await page.waitForURL(/\/achats\/[0-9a-f]{24}$/);
    purchasePath = new URL(page.url()).pathname;
    const view = page.getByTestId('purchases-view');
    await view.waitFor();
    expect(await view.getByRole('heading', { level: 1 }).innerText()).to.equal('Achat 0000004');
    expect(await view.getByTestId('purchases-status').textContent()).to.equal('À payer');
    expect(await text(view.getByTestId('purchases-provider'))).to.contain('LE FOURNISSEUR');
    expect(await view.getByTestId('purchases-unpaid').innerText()).to.equal(euros('104,90 €'));
    await view.getByRole('link', { name: 'akretion-factur-x-en16931.xml' }).waitFor();
    await s.shot('3-achat');
  });

  it('records a payment of the whole amount: « Payé », nothing left to pay', async () => {
    const { page } = s;
    const view = page.getByTestId('purchases-view');
    await view.getByRole('button', { name: 'Enregistrer un paiement' }).click();
    const dialog = page.getByRole('dialog', { name: /Enregistrer un paiement/ });
    // the amount due as money, two decimals (issue 12: it read « 104,9 € »)
    expect(await dialog.getByLabel('Montant').inputValue()).to.equal('104,90\u00a0€');
    await dialog.getByRole('button', { name: 'Enregistrer le paiement' }).click();
    await view.getByTestId('purchases-status').getByText('Payé').waitFor();
    expect(await view.getByTestId('purchases-unpaid').innerText()).to.equal(euros('0,00 €'));
    const payments = view.getByTestId('purchases-payments');
    await payments.waitFor();
    expect(await text(payments.getByRole('row').nth(1))).to.match(/Virement 104,90\s?€$/);
    expect(new URL(page.url()).pathname).to.equal(purchasePath);
    await s.shot('4-paye');
  });

  it('asks to confirm an overpayment, refuses a refund above what was paid, records the confirmed one (issue 11)', async () => {
    const { page } = s;
    const view = page.getByTestId('purchases-view');
    await view.getByRole('button', { name: 'Enregistrer un paiement' }).click();
    const dialog = page.getByRole('dialog', { name: /Enregistrer un paiement/ });
    const amount = dialog.getByLabel('Montant');
    await amount.fill('-200');
    await dialog.getByRole('status').getByText(`Un remboursement ne peut pas dépasser ce qui a été payé : ${euros('104,90 €')}.`).waitFor();
    const record = dialog.getByRole('button', { name: 'Enregistrer le paiement' });
    expect(await record.isDisabled()).to.equal(true);
    await amount.fill('5');
    const confirm = dialog.getByRole('checkbox', { name: `Confirmer le trop-payé de ${euros('5,00 €')} : plus que le reste à payer (${euros('0,00 €')})` });
    await confirm.waitFor();
    expect(await record.isDisabled()).to.equal(true);
    await confirm.check();
    await record.click();
    await dialog.waitFor({ state: 'detached' });
    await view.getByTestId('purchases-unpaid').getByText(euros('-5,00 €')).waitFor();
    // given back by the supplier: nothing owed either way
    await view.getByRole('button', { name: 'Enregistrer un paiement' }).click();
    const back = page.getByRole('dialog', { name: /Enregistrer un paiement/ });
    await back.getByLabel('Montant').fill('-5');
    await back.getByRole('button', { name: 'Enregistrer le paiement' }).click();
    await back.waitFor({ state: 'detached' });
    await view.getByTestId('purchases-unpaid').getByText(euros('0,00 €')).waitFor();
    await view.getByTestId('purchases-status').getByText('Payé').waitFor();
  });

  it('shows it under the « Payés » chip; « Achats en ligne » lists the demo order', async () => {
    const { page } = s;
    await page.getByRole('link', { name: '← Tous les achats' }).click();
    const list = page.getByTestId('purchases-list');
    await list.getByText('Payés', { exact: true }).click();
    await list.getByTestId('purchases-list-totals').getByText('2 achats').waitFor();
    expect(await list.getByTestId('purchases-row').filter({ hasText: 'LE FOURNISSEUR' }).count()).to.equal(1);
    await page.getByTestId('side-menu').getByRole('link', { name: 'Achats en ligne' }).click();
    const orders = page.getByTestId('purchases-external-list');
    await orders.getByTestId('purchases-external-row').first().waitFor();
    expect(await text(orders.getByTestId('purchases-external-row').first())).to.contain('Matériel Pâtissier Pro');
    await s.shot('5-achats-en-ligne');
  });

  it('finds the payment in « Paiements fournisseurs »: supplier, purchase, mode, amount paid out; filters in the address', async () => {
    const { page } = s;
    await page.getByTestId('side-menu').getByRole('link', { name: 'Paiements fournisseurs' }).click();
    const screen = page.getByTestId('purchases-payments');
    await screen.waitFor();
    expect(new URL(page.url()).pathname).to.equal('/paiements-fournisseurs');
    const row = screen.getByTestId('purchases-payment-row').filter({ hasText: 'LE FOURNISSEUR' }).filter({ hasText: '104,90' });
    await row.waitFor();
    expect(await row.getAttribute('data-direction')).to.equal('out');
    const line = await text(row);
    expect(line).to.contain('0000004');
    expect(line).to.contain('Virement');
    // textContent: the badge is shown in capitals by CSS
    expect(await row.textContent()).to.contain('Décaissement');
    expect(line).to.match(/[-\u2212]104,90 €$/);
    expect(await text(screen.getByTestId('purchases-payments-totals'))).to.match(/paiements Versé aux fournisseurs/);
    // the supplier's refund, under « Encaissements »: the filter is written in the address
    await screen.getByTestId('purchases-payments-direction').click();
    await page.getByRole('option', { name: /^Encaissements/ }).click();
    await page.waitForURL(/sens=encaissement/);
    // the unfiltered page had the refund too: wait for the payments paid out to leave
    await screen.getByTestId('purchases-payment-row').filter({ hasText: 'Décaissement' }).first().waitFor({ state: 'detached' });
    const refund = screen.getByTestId('purchases-payment-row').filter({ hasText: 'LE FOURNISSEUR' });
    await refund.getByText(/^\+5,00\s€$/).waitFor();
    expect(await refund.getAttribute('data-direction')).to.equal('in');
    expect(await text(screen.getByTestId('purchases-payments-totals'))).to.match(/Versé aux fournisseurs : 0,00\s€/);
    await s.shot('6-paiements-fournisseurs');
  });
});
