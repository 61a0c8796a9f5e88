/**
 * VAT categories in Debian's Chromium (playwright-core), on the demo company (invoicing README
 * « VAT categories »):
 *
 * 1. a German professional customer with a VAT number is created in « Clients »;
 * 2. a new invoice for it: a service line is automatically in reverse charge (« Automatique (AE –
 *    Autoliquidation) », its rate shown at 0 %, no VAT in the totals), a second line is put in K
 *    (intra-community supply) by hand; the VAT details name each category with its legal wording;
 * 3. emitted: the invoice shows « Autoliquidation » and the intra-community exemption wording
 *    under its VAT details, and its lines say « 0 % AE », « 0 % K ».
 *
 *   npx mocha --no-config --import=tsx --timeout 120000 --exit test/e2e/invoicing-vat-categories.test.ts
 */
import { expect } from 'chai';
import type { Locator, Page } from 'playwright-core';
import { demoSession, pick } from './support/demo-session.ts';

const CUSTOMER = 'Bäckerei Schmidt GmbH';
const AUTOLIQUIDATION = 'AE – Autoliquidation : TVA due par le preneur, art. 196 de la directive 2006/112/CE';
const INTRA_EU = 'K – Exonération de TVA, art. 262 ter I du CGI';
/** Intl writes French amounts with a narrow no-break space before € (and as thousands separator). */
const euros = (text: string) => text.replace(/ €$/, '\u00a0€').replace(/ /g, '\u202f');

describe('invoicing in Chromium: VAT categories of an intra-EU customer (autoliquidation, intra-community supply)', function () {
  this.timeout(240_000);
  const s = demoSession(this, { plugins: ['contacts', 'invoicing'], shotPrefix: 'categories-tva' });
  let page: Page;
  before(() => { page = s.page; });

  it('creates a German professional customer with its VAT number', async () => {
    await page.getByTestId('side-menu').getByRole('link', { name: 'Clients' }).click();
    await page.getByRole('link', { name: 'Nouveau client' }).click();
    const form = page.getByTestId('contacts-customers-form');
    await form.getByLabel('Raison sociale').fill(CUSTOMER);
    await form.getByLabel('Numéro de TVA intracommunautaire').fill('DE123456789');
    await form.getByRole('button', { name: 'Ajouter une adresse' }).click();
    await form.getByLabel('Adresse', { exact: true }).fill('Torstraße 12');
    await form.getByLabel('Code postal').fill('10119');
    await form.getByLabel('Ville').fill('Berlin');
    await form.getByLabel('Pays').fill('Allemagne');
    await form.getByRole('button', { name: 'Enregistrer' }).click();
    await page.getByTestId('contacts-customers-detail').getByRole('heading', { name: CUSTOMER }).waitFor();
  });

  it('types an invoice: a service in autoliquidation automatically, a line put in K by hand, no VAT', async () => {
    await page.getByTestId('side-menu').getByRole('link', { name: 'Factures', exact: true }).click();
    await page.getByRole('link', { name: 'Nouvelle facture' }).click();
    const editor = page.getByTestId('invoicing-invoice-editor');
    await editor.getByRole('combobox', { name: 'Client' }).fill('Bäckerei');
    await page.getByRole('option', { name: CUSTOMER }).click();

    await editor.getByLabel('Désignation (ligne 1)').fill('Formation boulangerie');
    await editor.getByLabel('Prix unitaire HT (ligne 1)').fill('640');
    const category1 = editor.getByRole('combobox', { name: 'Catégorie de TVA, ligne 1', exact: true });
    // the server's automatic choice for a professional of another member state buying a service
    await expectInputValue(category1, 'Automatique (AE – Autoliquidation)');
    await editor.getByTestId('vat-category-reason').getByText('Autoliquidation : TVA due par le preneur, art. 196 de la directive 2006/112/CE').waitFor();
    expect(await editor.getByRole('combobox', { name: 'TVA (ligne 1)', exact: true }).inputValue()).to.equal('0 %');

    await editor.getByRole('button', { name: 'Ajouter une ligne' }).click();
    await editor.getByLabel('Désignation (ligne 2)').fill('Moules à cannelés');
    await editor.getByLabel('Quantité (ligne 2)').fill('7');
    await editor.getByLabel('Prix unitaire HT (ligne 2)').fill('12,99');
    await pick(page, editor.getByRole('combobox', { name: 'Catégorie de TVA, ligne 2', exact: true }), 'K – Livraison intracommunautaire');

    const totals = editor.getByTestId('invoicing-totals');
    // 640,00 + 7 × 12,99 = 730,93 HT, no VAT: the customer pays it in Germany
    await totals.getByTestId('invoicing-total-incl').getByText(euros('730,93 €')).waitFor();
    expect(await totals.getByTestId('invoicing-total-vat').innerText()).to.equal(euros('0,00 €'));
    const wordings = editor.getByTestId('invoicing-vat-details-wording');
    await wordings.getByText(AUTOLIQUIDATION).waitFor();
    await wordings.getByText(INTRA_EU).waitFor();
    await s.shot('1-brouillon');

    await editor.getByRole('button', { name: 'Enregistrer' }).click();
    await page.waitForURL(/\/factures\/[0-9a-f]{24}$/);
    await page.getByTestId('invoicing-invoice-editor').getByText('Brouillon de facture').waitFor();
    // reopened: the first line is still automatic, the second keeps the category chosen
    await expectInputValue(page.getByRole('combobox', { name: 'Catégorie de TVA, ligne 1', exact: true }), 'Automatique (AE – Autoliquidation)');
    await expectInputValue(page.getByRole('combobox', { name: 'Catégorie de TVA, ligne 2', exact: true }), 'K – Livraison intracommunautaire');
  });

  it('emits it: the invoice shows « Autoliquidation » and the intra-community exemption wording', async () => {
    await page.getByRole('button', { name: 'Émettre' }).click();
    const dialog = page.getByRole('dialog', { name: 'Émettre la facture' });
    await dialog.getByRole('button', { name: 'Émettre' }).click();
    const view = page.getByTestId('invoicing-invoice-view');
    await view.waitFor();
    await view.getByText(AUTOLIQUIDATION).waitFor();
    await view.getByText(INTRA_EU).waitFor();
    const details = view.getByTestId('invoicing-vat-details');
    expect(await details.getByRole('row').nth(1).innerText()).to.match(/^AE\s+0\s%\s+640,00\s€/);
    expect(await details.getByRole('row').nth(2).innerText()).to.match(/^K\s+0\s%\s+90,93\s€/);
    const lines = view.getByRole('table', { name: 'Lignes du document' });
    await lines.getByText('0 % AE').waitFor();
    await lines.getByText('0 % K').waitFor();
    expect(await view.getByTestId('invoicing-receiver').innerText()).to.contain('DE123456789');
    await s.shot('2-emise');
  });
});

/** Waits until a (controlled) input shows `value`: the server's answer comes after a debounce. */
async function expectInputValue(input: Locator, value: string): Promise<void> {
  const end = Date.now() + 10_000;
  let seen = '';
  while (Date.now() < end) {
    seen = await input.inputValue();
    if (seen === value) return;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error(`champ : attendu « ${value} », vu « ${seen} »`);
}
