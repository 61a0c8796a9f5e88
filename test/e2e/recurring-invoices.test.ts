/**
 * « Factures récurrentes » in Debian's Chromium (playwright-core), on the demo company:
 *
 * 1. a template is typed: a line « Abonnement INVOICE_MONTH INVOICE_YEAR », a demo customer, the
 *    default rule previewed as « Chaque 1er du mois à 8 h (heure de Paris) » with its next dates,
 *    then changed with the cron helper to « chaque lundi à 9 h »; saved;
 * 2. « Lancer maintenant » makes the invoice of the rule's latest Monday at 9 h; pressed again it
 *    makes none (issue 11: once per occurrence) and says which run it was; the history links to
 *    the invoice, and the draft's line says that occurrence's month in French;
 * 3. the coming runs list the rule's next Mondays.
 *
 *   npx mocha --no-config --import=tsx --timeout 120000 --exit test/e2e/recurring-invoices.test.ts
 */
import { expect } from 'chai';
import type { Page } from 'playwright-core';
import { FRENCH_MONTHS, parisDay } from '@comptoir/sdk/commerce';
import { latestOccurrence } from '@comptoir/sdk/schedule';
import { demoSession, pick } from './support/demo-session.ts';

describe('recurring invoices in Chromium: template, cron helper, run now, history, upcoming', function () {
  this.timeout(240_000);
  const s = demoSession(this, { plugins: ['contacts', 'invoicing'], shotPrefix: 'factures-recurrentes' });
  let page: Page;
  before(() => { page = s.page; });

  it('types a template with a line, a customer and a rule previewed in French, and saves it', async () => {
    await page.getByTestId('side-menu').getByRole('link', { name: 'Factures récurrentes' }).click();
    await page.getByTestId('invoicing-recurring').getByRole('link', { name: 'Nouveau modèle' }).click();
    const editor = page.getByTestId('recurring-template-editor');
    await editor.getByLabel('Nom').fill('Abonnement pain du matin');
    await editor.getByLabel('Désignation (ligne 1)').fill('Abonnement INVOICE_MONTH INVOICE_YEAR');
    await editor.getByLabel('Prix unitaire HT (ligne 1)').fill('30');
    await editor.getByTestId('invoicing-total-incl').getByText('36,00').waitFor();
    const customers = editor.getByTestId('recurring-customers');
    await customers.click();
    await customers.fill('Hôtel');
    await page.getByRole('option', { name: 'Hôtel du Parc' }).click();
    const preview = editor.getByTestId('recurring-rule-preview');
    await preview.getByText('Chaque 1er du mois à 8 h (heure de Paris)').waitFor();
    expect(await preview.getByText(/^Prochaines dates/).textContent()).to.match(/(\d\d\/\d\d\/\d{4} \d\d:\d\d.*){5}/);
    await s.shot('editeur-regle-mensuelle');

    const rule = editor.getByTestId('recurring-rule');
    await pick(page, rule.getByLabel('Fréquence'), 'Chaque semaine');
    await pick(page, rule.getByLabel('Jour', { exact: true }), 'lundi');
    await rule.getByLabel('Heure').fill('9');
    await preview.getByText('Chaque lundi à 9 h (heure de Paris)').waitFor();
    await editor.getByRole('button', { name: 'Enregistrer' }).click();
    await page.waitForURL(/\/factures-recurrentes\/[0-9a-f]{24}$/);
    await page.getByRole('heading', { name: 'Modèle « Abonnement pain du matin »' }).waitFor();
  });

  it('runs the rule now, once: the history links to the draft, whose line says the occurrence’s month in French', async () => {
    const editor = page.getByTestId('recurring-template-editor');
    // the latest Monday at 9 h (Paris) is the occurrence « Lancer maintenant » makes
    const occurrence = latestOccurrence('0 9 * * 1', new Date())!;
    const day = parisDay(occurrence)!;
    const said = `Occurrence du ${String(day.day).padStart(2, '0')}/${String(day.month).padStart(2, '0')}/${day.year} à 09:00 : 1 facture`;
    for (let press = 0; press < 2; press++) {
      await editor.getByRole('button', { name: 'Lancer maintenant' }).click();
      await page.getByRole('dialog').getByRole('button', { name: 'Lancer' }).click();
      await page.getByText(said).first().waitFor();
      await page.getByRole('dialog').waitFor({ state: 'detached' });
    }
    await editor.getByRole('link', { name: '← Toutes les factures récurrentes' }).click();
    await page.getByRole('tab', { name: 'Historique' }).click();
    const rows = page.getByTestId('recurring-run-row').filter({ hasText: 'Abonnement pain du matin' });
    const row = rows.first();
    await row.getByText('Effectuée').waitFor();
    await row.getByText('(à la main)').waitFor();
    // pressed twice, made once
    expect(await rows.count()).to.equal(1);
    expect(await row.getByRole('link', { name: /^Facture / }).count()).to.equal(1);
    await s.shot('historique');
    await row.getByRole('link', { name: 'Facture 1' }).click();
    const invoice = page.getByTestId('invoicing-invoice-editor');
    expect(await invoice.getByLabel('Désignation (ligne 1)').inputValue()).to.equal(`Abonnement ${FRENCH_MONTHS[day.month - 1]} ${day.year}`);
  });

  it('lists the coming Mondays in « Prochaines exécutions »', async () => {
    await page.getByTestId('side-menu').getByRole('link', { name: 'Factures récurrentes' }).click();
    await page.getByRole('tab', { name: 'Prochaines exécutions' }).click();
    // the demo company's own monthly template has its rows too
    const rows = page.getByTestId('recurring-upcoming-row').filter({ hasText: 'Abonnement pain du matin' });
    await rows.first().waitFor();
    expect(await rows.count()).to.be.within(4, 5);
    expect(await rows.first().textContent()).to.include('09:00');
    await page.getByTestId('recurring-upcoming-row').filter({ hasText: 'Livraisons du mois – hôtels et cafés' }).first().waitFor();
    await s.shot('prochaines-executions');
  });
});
