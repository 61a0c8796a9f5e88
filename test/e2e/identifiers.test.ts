/**
 * Identifiers in Debian's Chromium, on the demo company (issue 13, schemas README « Identifiers »):
 *
 * 1. « Entreprise » › « Informations légales »: a SIREN whose key is wrong is said under the field
 *    before anything is sent; the RCS, IBAN, BIC and payment term typed with spaces and in lower
 *    case are saved normalised;
 * 2. a new customer with a SIRET of another SIREN is told so under the SIRET; corrected, its page
 *    shows SIREN, SIRET, electronic address, « Client professionnel » and its term.
 *
 *   npx mocha --no-config --import=tsx --timeout 120000 --exit test/e2e/identifiers.test.ts
 */
import { expect } from 'chai';
import type { Page } from 'playwright-core';
import { demoSession } from './support/demo-session.ts';

describe('identifiers: check keys said in the forms, values saved normalised', function () {
  this.timeout(240_000);
  const s = demoSession(this, { plugins: ['contacts', 'invoicing'], shotPrefix: 'identifiants' });
  let page: Page;
  before(() => { page = s.page; });

  it('says a wrong SIREN key under the field, then saves RCS, IBAN, BIC and term normalised', async () => {
    await page.goto(`${s.url}/entreprise`);
    const siren = page.getByRole('textbox', { name: 'SIREN' });
    await siren.fill('824 671 532');
    await page.getByRole('button', { name: 'Enregistrer' }).click();
    await page.getByText('Le SIREN n’est pas valide : sa clé de contrôle ne correspond pas.').waitFor();
    expect(await siren.getAttribute('aria-invalid')).to.equal('true');
    await s.shot('1-siren-faux');

    await siren.fill('824 671 531');
    await page.getByRole('textbox', { name: 'RCS' }).fill('rcs lyon b 824671531');
    await page.getByRole('textbox', { name: 'IBAN' }).fill('fr76 1027 8073 0000 0201 2050 126');
    await page.getByRole('textbox', { name: 'BIC' }).fill('cmcifr2a');
    await page.getByRole('textbox', { name: 'Délai de paiement' }).fill('45');
    await page.getByRole('button', { name: 'Enregistrer' }).click();
    await page.getByText('Les informations de l’entreprise sont enregistrées.').waitFor();
    await page.reload();
    await page.getByRole('textbox', { name: 'RCS' }).waitFor();
    expect(await page.getByRole('textbox', { name: 'RCS' }).inputValue()).to.equal('Lyon B 824 671 531');
    expect(await page.getByRole('textbox', { name: 'IBAN' }).inputValue()).to.equal('FR7610278073000002012050126');
    expect(await page.getByRole('textbox', { name: 'BIC' }).inputValue()).to.equal('CMCIFR2A');
    expect(await page.getByRole('textbox', { name: 'Délai de paiement' }).inputValue()).to.match(/^45/);
    await s.shot('2-enregistre');
  });

  it('says a SIRET of another SIREN on a new customer, then shows its invoicing identifiers', async () => {
    await page.getByTestId('side-menu').getByRole('link', { name: 'Clients' }).click();
    await page.getByRole('link', { name: 'Nouveau client' }).click();
    const form = page.getByTestId('contacts-customers-form');
    await form.getByLabel('Raison sociale').fill('Hôtel Bellecour SA');
    await form.getByRole('textbox', { name: 'SIREN' }).fill('303 265 045');
    await form.getByRole('textbox', { name: 'SIRET' }).fill('552 100 554 00013');
    await form.getByRole('button', { name: 'Enregistrer' }).click();
    await form.getByText('Le SIRET ne commence pas par le SIREN (303 265 045).').waitFor();
    await s.shot('3-siret-autre-siren');

    await form.getByRole('textbox', { name: 'SIRET' }).fill('303 265 045 00011');
    await form.getByRole('textbox', { name: 'Adresse électronique de facturation' }).fill('303265045_ACHATS');
    await form.getByRole('textbox', { name: 'Délai de paiement' }).fill('20');
    await form.getByRole('button', { name: 'Enregistrer' }).click();
    const detail = page.getByTestId('contacts-customers-detail');
    await detail.waitFor();
    for (const text of ['303265045', '30326504500011', '303265045_ACHATS', 'Selon sa fiche', '20 jours']) {
      await detail.getByText(text, { exact: true }).waitFor();
    }
    await s.shot('4-fiche-client');
  });
});
