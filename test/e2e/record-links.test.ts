/**
 * Links between plugins' records in Debian's Chromium (playwright-core), on the demo company: a
 * purchase is linked to a sale from the purchase's screen (« Modifier les liens »), and the
 * invoice's screen, which knows nothing of purchases, shows it under « Éléments liés » › « Achats
 * liés » (`<RecordLinks>` of the UI kit over `GET /api/kernel/links/invoicing/invoices/:id`, fed by
 * purchases' contribution to `kernel.record-links`); its link opens the purchase. With the link
 * removed, the invoice shows no « Éléments liés » at all.
 *
 * Screenshots go to test/e2e/screenshots/ (git-ignored).
 *   npx mocha --no-config --import=tsx --timeout 120000 --exit test/e2e/record-links.test.ts
 */
import { expect } from 'chai';
import type { Locator } from 'playwright-core';
import { demoSession } from './support/demo-session.ts';

const text = async (l: Locator) => (await l.innerText()).replace(/\s+/g, ' ').trim();

describe('links between records in Chromium: a purchase shown on the invoice it was bought for', function () {
  this.timeout(240_000);
  const s = demoSession(this, { plugins: ['contacts', 'invoicing', 'purchases'], shotPrefix: 'liens' });
  let purchasePath = '';
  let purchaseTitle = '';
  let invoicePath = '';

  /** « Modifier les liens » of the open purchase: the sales chosen by `choose`, then saved. */
  async function editSales(choose: (field: Locator) => Promise<void>) {
    const { page } = s;
    await page.getByRole('button', { name: 'Modifier les liens' }).click();
    const dialog = page.getByRole('dialog', { name: 'Liens de l’achat' });
    await choose(dialog.getByLabel('Ventes (factures)'));
    // leaving the field closes its list of choices, which covers the buttons
    await page.keyboard.press('Tab');
    await dialog.getByRole('button', { name: 'Enregistrer' }).click();
    await dialog.waitFor({ state: 'hidden' });
  }

  it('links a demo purchase to a sale from the purchase’s screen', async () => {
    const { page } = s;
    await page.getByTestId('side-menu').getByRole('link', { name: 'Achats', exact: true }).click();
    const row = page.getByTestId('purchases-list').getByTestId('purchases-row').first();
    await row.waitFor();
    await row.getByRole('link').first().click();
    await page.waitForURL(/\/achats\/[0-9a-f]{24}$/);
    purchasePath = new URL(page.url()).pathname;
    const view = page.getByTestId('purchases-view');
    purchaseTitle = await view.getByRole('heading', { level: 1 }).innerText();
    expect(purchaseTitle).to.match(/^Achat \d+$/);
    await editSales(async (field) => {
      await field.click();
      // an emitted sale (a draft is labelled « Brouillon »): its screen is the invoice's view
      await page.getByRole('option').filter({ hasNotText: /^Brouillon/ }).first().click();
    });
    const links = view.getByTestId('purchases-links');
    await links.getByText('Vente :').waitFor();
    await s.shot('1-achat-lie');
    await links.getByRole('link').first().click();
    await page.waitForURL(/\/factures\/[0-9a-f]{24}$/);
    invoicePath = new URL(page.url()).pathname;
  });

  it('shows it on the invoice under « Éléments liés » › « Achats liés »; its link opens the purchase', async () => {
    const { page } = s;
    const section = page.getByTestId('invoicing-invoice-view').getByTestId('record-links');
    await section.waitFor();
    expect(await page.getByRole('heading', { name: 'Éléments liés' }).count()).to.equal(1);
    const group = section.getByTestId('record-links-purchases.sale-purchases');
    expect(await group.getByRole('heading', { level: 3 }).innerText()).to.equal('Achats liés');
    const table = group.getByRole('table', { name: 'Achats liés' });
    const rows = table.getByRole('row');
    expect(await rows.count()).to.equal(2);
    const cells = await rows.nth(1).getByRole('cell').allInnerTexts();
    expect(cells[0]).to.match(new RegExp(`^${purchaseTitle} — `));
    expect(cells[1]).to.match(/^\d{2}\/\d{2}\/\d{4}$/);
    expect(cells[2]).to.match(/^\d[\d\u202f]*,\d{2}\u00a0€$/);
    // textContent: badges are shown in capitals by CSS
    expect(await rows.nth(1).getByRole('cell').nth(3).textContent()).to.be.oneOf(['À payer', 'Partiellement payé', 'Payé', 'Remboursé']);
    await s.shot('2-facture');
    await table.getByRole('link', { name: new RegExp(`^${purchaseTitle} — `) }).click();
    await page.waitForURL((u) => u.pathname === purchasePath);
    await page.getByTestId('purchases-view').waitFor();
  });

  it('the link removed, the invoice shows no « Éléments liés » at all', async () => {
    const { page } = s;
    await editSales(async (field) => {
      // the pill of the chosen sale: Backspace in an empty search removes the last one
      await field.click();
      await field.press('Backspace');
    });
    await page.getByTestId('purchases-links').getByText('Lié à aucun achat en ligne ni aucune vente.').waitFor();
    // the links' answer (an empty group) must have come before their absence means anything
    const answered = page.waitForResponse((r) => r.url().includes(`/api/kernel/links/invoicing/invoices/${invoicePath.split('/').pop()}`));
    await page.goto(`${s.url}${invoicePath}`);
    expect((await answered).status()).to.equal(200);
    await page.getByRole('heading', { level: 1 }).waitFor();
    await page.waitForTimeout(200);
    expect(await page.getByTestId('record-links').count()).to.equal(0);
    expect(await text(page.locator('main'))).not.to.contain('Éléments liés');
    await s.shot('3-facture-sans-lien');
  });
});
