/**
 * User properties in Debian's Chromium (playwright-core), on the demo company with the contacts
 * remote built here:
 *
 * 1. « Propriétés personnalisées »: a property « Code fidélité » (short text) is added to the
 *    customers, shown in forms, cards and lists, and offered as a filter;
 * 2. a new customer « Camille Fidèle » gets « OR-2026 » in the field the form now shows; the
 *    customer's card shows it;
 * 3. the customers list has the column, and filtering by « OR-2026 » leaves that customer alone.
 *
 * Screenshots go to test/e2e/screenshots/ (git-ignored).
 *   npx mocha --no-config --import=tsx --timeout 120000 --exit test/e2e/user-props.test.ts
 */
import { expect } from 'chai';
import type { Page } from 'playwright-core';
import { demoSession, pick } from './support/demo-session.ts';

describe('user properties in Chromium: define a property, fill it on a customer, filter the list by it', function () {
  this.timeout(240_000);
  const s = demoSession(this, { plugins: ['contacts'], shotPrefix: 'user-props' });
  let page: Page;
  before(() => { page = s.page; });

  it('adds « Code fidélité » to the customers, in forms, cards, lists and filters', async () => {
    await page.getByTestId('side-menu').getByRole('link', { name: 'Propriétés personnalisées' }).click();
    await page.getByRole('heading', { name: 'Propriétés personnalisées' }).waitFor();
    await expectValue(page.getByRole('combobox', { name: 'Fiches concernées' }), 'Clients (contacts)');
    await page.getByRole('button', { name: 'Nouvelle propriété' }).click();
    const form = page.getByTestId('user-prop-form');
    await form.waitFor();
    await form.getByRole('textbox', { name: 'Nom', exact: true }).fill('Code fidélité');
    await expectValue(form.getByRole('textbox', { name: 'Variable' }), 'code_fidelite');
    await pick(page, form.getByRole('combobox', { name: 'Liste' }), 'À la fin');
    await form.getByLabel('Filtre au-dessus de la liste').check();
    await s.shot('1-definition');
    await form.getByRole('button', { name: 'Créer la propriété' }).click();
    const table = page.getByRole('table', { name: 'Propriétés personnalisées' });
    await table.getByRole('row', { name: /Code fidélité/ }).waitFor();
    expect(await table.getByRole('row', { name: /Code fidélité/ }).textContent()).to.include('code_fidelite');
  });

  it('fills it on a new customer; the customer’s card shows it', async () => {
    await page.getByTestId('side-menu').getByRole('link', { name: 'Clients' }).click();
    await page.getByTestId('contacts-customers').getByRole('link', { name: 'Nouveau client' }).click();
    const form = page.getByTestId('contacts-customers-form');
    await form.waitFor();
    await form.getByRole('textbox', { name: 'Prénom' }).fill('Camille');
    await form.getByRole('textbox', { name: 'Nom', exact: true }).fill('Fidèle');
    const field = form.getByRole('textbox', { name: 'Code fidélité' });
    await field.fill('OR-2026');
    await s.shot('2-formulaire');
    await form.getByRole('button', { name: 'Enregistrer' }).click();
    await page.waitForURL(/\/clients\/[0-9a-f]{24}$/);
    const card = page.getByTestId('user-props-card-contacts.customers');
    await card.getByText('OR-2026').waitFor();
    expect(await card.textContent()).to.include('Code fidélité');
    await s.shot('3-fiche');
  });

  it('lists the column and filters the customers by it', async () => {
    await page.getByTestId('side-menu').getByRole('link', { name: 'Clients' }).click();
    const list = page.getByTestId('contacts-customers');
    const table = list.getByRole('table', { name: 'Clients' });
    await table.getByRole('columnheader', { name: /Code fidélité/ }).waitFor();
    const before = await table.locator('tbody tr').count();
    expect(before, 'the demo company has other customers: the filter must leave them out').to.be.greaterThan(1);
    await list.getByTestId('user-props-filters-contacts.customers').getByRole('searchbox', { name: 'Code fidélité' }).fill('or-2026');
    await expectRows(page, ['Camille Fidèle']);
    expect(await table.locator('tbody tr').first().textContent()).to.include('OR-2026');
    await s.shot('4-liste-filtree');
  });
});

async function expectValue(input: ReturnType<Page['getByRole']>, value: string) {
  for (let i = 0; i < 50 && (await input.inputValue()) !== value; i++) await new Promise((r) => setTimeout(r, 100));
  expect(await input.inputValue()).to.equal(value);
}

async function expectRows(page: Page, names: string[]) {
  const rows = page.getByTestId('contacts-customers').getByRole('table', { name: 'Clients' }).locator('tbody tr');
  for (let i = 0; i < 50; i++) {
    const texts = await rows.allTextContents();
    if (texts.length === names.length && names.every((n, j) => texts[j].includes(n))) return;
    await new Promise((r) => setTimeout(r, 100));
  }
  const texts = await rows.allTextContents();
  expect(texts.map((t) => t.slice(0, 40))).to.deep.equal(names);
}
