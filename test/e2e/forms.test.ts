/**
 * Forms and messages (issue 12, item 7) in Debian's Chromium, on the demo company:
 *
 * 1. an invalid e-mail far above « Enregistrer »: the field comes into view with the focus and
 *    its message (it used to look as if the button did nothing); axe-core finds nothing serious;
 * 2. a line too long for the server: the message names « Ligne 1 — Désignation », not
 *    `items.0.labelPrimary`, and the line's field shows it too, focused;
 * 3. a unit price typed « 58,8 » reads « 58,80 € » once the field is left;
 * 4. the history of an invoice emitted from « Nouvelle facture » says « Création et émission » (one
 *    request, one entry) — no « Modification »;
 * 5. the list footer agrees in gender (« Aucune facture »), the search box suggests no « FA- »
 *    prefix, a customer's page shows no internal key.
 *
 *   npx mocha --no-config --import=tsx --timeout 120000 --exit test/e2e/forms.test.ts
 */
import { expect } from 'chai';
import type { Locator, Page } from 'playwright-core';
import { demoSession } from './support/demo-session.ts';
import { axeViolations, describeFindings } from './support/axe.ts';

/** Whether the element is drawn inside the window (at least partly). */
function inView(locator: Locator): Promise<boolean> {
  return locator.evaluate((el) => {
    const r = el.getBoundingClientRect();
    return r.bottom > 0 && r.top < window.innerHeight && r.height > 0;
  });
}

const isFocused = (locator: Locator) => locator.evaluate((el) => el === document.activeElement);

describe('forms and messages: errors in view, in words, money as money', function () {
  this.timeout(240_000);
  const s = demoSession(this, { plugins: ['contacts', 'invoicing'], shotPrefix: 'formulaires' });
  let page: Page;
  before(() => { page = s.page; });

  it('brings an invalid e-mail into view with the focus and its message when « Enregistrer » is far below', async () => {
    await page.getByTestId('side-menu').getByRole('link', { name: 'Contacts', exact: true }).click();
    await page.getByRole('link', { name: 'Nouveau contact' }).click();
    const form = page.getByTestId('contacts-contact-form');
    await form.getByRole('textbox', { name: 'Prénom', exact: true }).fill('Léa');
    await form.getByRole('button', { name: 'Ajouter un e-mail' }).click();
    const email = form.getByRole('textbox', { name: 'Adresse e-mail' });
    await email.fill('pas-une-adresse');
    const save = form.getByRole('button', { name: 'Enregistrer' });
    await save.scrollIntoViewIfNeeded();
    expect(await inView(email), 'le champ doit être hors de vue avant l’enregistrement').to.equal(false);
    await save.click();
    await page.waitForFunction(() => document.activeElement?.getAttribute('aria-invalid') === 'true');
    expect(await isFocused(email)).to.equal(true);
    expect(await inView(email)).to.equal(true);
    const message = form.getByText('Adresse e-mail invalide.');
    await message.waitFor();
    expect(await inView(message)).to.equal(true);
    // the message is the field's description for a screen reader
    const describedBy = (await email.getAttribute('aria-describedby')) ?? '';
    expect(describedBy.split(' ')).to.include(await message.getAttribute('id'));
    const findings = await axeViolations(page);
    expect(findings, describeFindings('erreur de saisie', findings).join('\n')).to.deep.equal([]);
    await s.shot('1-email-invalide');
  });

  it('names a refused line « Ligne 1 — Désignation », not its path, in view', async () => {
    await page.getByTestId('side-menu').getByRole('link', { name: 'Factures', exact: true }).click();
    await page.getByRole('link', { name: 'Nouvelle facture' }).click();
    const editor = page.getByTestId('invoicing-invoice-editor');
    await editor.getByRole('combobox', { name: 'Client' }).fill('Café');
    await page.getByRole('option', { name: /Café des Arts/ }).click();
    await editor.getByLabel('Désignation (ligne 1)').fill('x'.repeat(256));
    const price = editor.getByLabel('Prix unitaire HT (ligne 1)');
    await price.fill('58,8');
    await price.blur();
    // money as money once the field is left
    expect(await price.inputValue()).to.equal('58,80\u00a0€');
    await editor.getByRole('button', { name: 'Enregistrer' }).click();
    const alert = editor.getByRole('alert').filter({ hasText: 'Enregistrement impossible' });
    await alert.waitFor();
    const text = await alert.innerText();
    expect(text).to.match(/Ligne 1 — Désignation : ne doit pas dépasser 255 caractères/);
    expect(text).not.to.match(/items|labelPrimary/);
    // and next to the line's field, which has the focus
    const designation = editor.getByLabel('Désignation (ligne 1)');
    await page.waitForFunction(() => document.activeElement?.getAttribute('aria-label') === 'Désignation (ligne 1)');
    expect(await designation.getAttribute('aria-invalid')).to.equal('true');
    await editor.getByText('ne doit pas dépasser 255 caractères', { exact: true }).waitFor();
    expect(await inView(designation)).to.equal(true);
    await s.shot('2-ligne-trop-longue');
  });

  it('shows « Création et émission » in the history of an invoice emitted new', async () => {
    const editor = page.getByTestId('invoicing-invoice-editor');
    await editor.getByLabel('Désignation (ligne 1)').fill('Atelier de dégustation');
    await editor.getByRole('button', { name: 'Émettre' }).click();
    const dialog = page.getByRole('dialog', { name: 'Émettre la facture' });
    await dialog.getByRole('button', { name: 'Émettre' }).click();
    await dialog.waitFor({ state: 'detached' });
    const history = page.getByTestId('invoicing-history');
    const rows = history.getByTestId('invoicing-history-row');
    // a new invoice is created and emitted in one request (POST /invoices/emit): one entry
    await rows.filter({ hasText: 'Création et émission' }).first().waitFor();
    const labels = (await rows.locator('.mantine-Badge-label').allInnerTexts()).map((t) => t.trim());
    expect(labels[labels.length - 1]).to.equal('Création et émission');
    expect(labels.filter((l) => /modification/i.test(l))).to.deep.equal([]);
  });

  it('says « Aucune facture » under an empty list; the search suggests no « FA- » prefix', async () => {
    await page.getByTestId('side-menu').getByRole('link', { name: 'Factures', exact: true }).click();
    const list = page.getByTestId('invoicing-invoices');
    const search = list.getByRole('searchbox', { name: 'Recherche par numéro' });
    expect(await search.getAttribute('placeholder')).not.to.match(/FA-/);
    await search.fill('introuvable-zzz');
    await list.getByText('Aucune facture', { exact: true }).waitFor();
  });

  it('shows no internal key on a customer’s page', async () => {
    await page.getByTestId('side-menu').getByRole('link', { name: 'Clients', exact: true }).click();
    await page.getByRole('link', { name: /Café des Arts/ }).first().click();
    const detail = page.getByTestId('contacts-customers-detail');
    await detail.getByRole('heading', { level: 1 }).waitFor();
    expect(await detail.getByText('Clé d’accès direct').count()).to.equal(0);
    // no 24- or 32-character hexadecimal anywhere in what is shown
    expect(await detail.innerText()).not.to.match(/\b[0-9a-f]{24,}\b/i);
  });
});
