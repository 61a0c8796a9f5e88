/**
 * « Facturation » in Debian's Chromium (playwright-core), on the demo company (with the demo
 * customers and invoices of the plugins' seeds) and the shell, contacts and invoicing remotes built here:
 *
 * 1. a customer with an invoicing address is created in the « Clients » screen (contacts plugin);
 * 2. a new invoice with two VAT rates is typed in the editor — one unit price typed excl. taxes,
 *    the other incl. taxes, each converted on screen — with its totals and VAT details computed
 *    live by the server, and the day of its delivery, saved as a draft, then emitted after the
 *    confirmation (the delivery day shown beside its date);
 * 3. a partial then a full payment are recorded: the status chip goes « Émise » → « Partiellement
 *    payée » → « Payée », and the amount still due follows;
 * 4. a credit note of the whole invoice is made, opened as a draft, emitted: « Avoir », negative
 *    totals; the source invoice marks its lines as credited;
 * 5. the list filtered on that customer shows both documents and the totals of what it shows
 *    (aggregations), then only the paid one with the state filter;
 * 6. the payments screen lists both payments with their French mode labels;
 * 7. a quotation is typed, saved (numbered, « Émis ») and converted: the draft invoice opens under
 *    /factures with its lines, and the quotation is « Facturé »;
 * 8. a corrective invoice of the paid invoice is refused in French (a credit note and a new invoice;
 *    the corrective flow is test/e2e/invoicing-corrective.test.ts), a duplicate opens as a draft;
 * 9. in a second company with a name only, « Émettre » on a new invoice shows the server's 409
 *    (what the company lacks, sdk/src/commerce/README.md « Eligibility ») in the dialog, stores
 *    nothing and keeps the invoice on screen;
 * 10. issue 11: paying more than what remains asks for the « trop-perçu » box, a refund above what
 *    was paid is refused before sending; a credit note says « L’avoir … est émis » and carries its
 *    reason; « Nouvel avoir » makes a standalone credit note with its reason; the list's totals
 *    leave drafts out (« hors brouillons »); the payments screen shows each payment's direction and
 *    filters on it.
 *
 * Screenshots go to test/e2e/screenshots/ (git-ignored).
 *   npx mocha --no-config --import=tsx --timeout 120000 --exit test/e2e/invoicing.test.ts
 */
import { expect } from 'chai';
import type { Locator, Page } from 'playwright-core';
import { demoSession, pick } from './support/demo-session.ts';
import { DEMO_LOGIN } from '../../tools/src/demo-company.ts';

/** The remotes this test opens (the catalogue's screens are not visited). */
const CUSTOMER_LABEL = 'Traiteur Lumière (Jeanne Dupont)';
const SECOND_COMPANY = 'Épicerie Durand';
/** Intl writes French amounts with a narrow no-break space before € (and as thousands separator). */
const euros = (text: string) => text.replace(/ €$/, '\u00a0€').replace(/ /g, '\u202f');

describe('invoicing in Chromium: invoice with two VAT rates, emission, payments, credit note', function () {
  this.timeout(240_000);
  const s = demoSession(this, { plugins: ['contacts', 'invoicing'], shotPrefix: 'facturation' });
  let page: Page;
  let url: string;
  let invoicePath: string;
  before(() => { page = s.page; url = s.url; });

  it('creates the customer in the « Clients » screen of the contacts plugin', async () => {
    await page.getByTestId('side-menu').getByRole('link', { name: 'Clients' }).click();
    await page.getByRole('link', { name: 'Nouveau client' }).click();
    const form = page.getByTestId('contacts-customers-form');
    await form.getByLabel('Raison sociale').fill('Traiteur Lumière');
    await form.getByLabel('Prénom').fill('Jeanne');
    await form.getByLabel('Nom', { exact: true }).fill('Dupont');
    await form.getByRole('button', { name: 'Ajouter une adresse' }).click();
    await form.getByLabel('Adresse', { exact: true }).fill('7 rue Mercière');
    await form.getByLabel('Code postal').fill('69002');
    await form.getByLabel('Ville').fill('Lyon');
    await form.getByRole('button', { name: 'Enregistrer' }).click();
    await page.getByTestId('contacts-customers-detail').getByRole('heading', { name: CUSTOMER_LABEL }).waitFor();
  });

  it('shows « Factures », « Devis » and « Paiements » in the menu; no invoice for the new customer yet', async () => {
    const menu = page.getByTestId('side-menu');
    for (const label of ['Factures', 'Devis', 'Paiements']) await menu.getByRole('link', { name: label, exact: true }).waitFor();
    await menu.getByRole('link', { name: 'Factures', exact: true }).click();
    const list = page.getByTestId('invoicing-invoices');
    await list.waitFor();
    expect(new URL(page.url()).pathname).to.equal('/factures');
    // the demo invoices of the seed are there
    await list.getByTestId('invoicing-invoice-row').first().waitFor();
    await chooseCustomer(page, list);
    await list.getByTestId('invoicing-list-totals').getByText('0 facture').waitFor();
    expect(await list.getByTestId('invoicing-invoice-row').count()).to.equal(0);
  });

  it('types an invoice with two VAT rates: prices converted on screen, totals and VAT details from the server', async () => {
    await page.getByRole('link', { name: 'Nouvelle facture' }).click();
    const editor = page.getByTestId('invoicing-invoice-editor');
    await editor.waitFor();
    expect(new URL(page.url()).pathname).to.equal('/factures/nouvelle');

    await chooseCustomer(page, editor);

    // line 1: bread at 5,5 %, unit price typed excl. taxes
    await editor.getByLabel('Désignation (ligne 1)').fill('Pain de campagne');
    await editor.getByLabel('Quantité (ligne 1)').fill('10');
    await pick(page, editor.getByLabel('TVA (ligne 1)'), '5,5 %');
    await editor.getByLabel('Prix unitaire HT (ligne 1)').fill('2');
    await expectValue(editor.getByLabel('Prix unitaire TTC (ligne 1)'), '2,11');

    // line 2: a workshop at 20 %, unit price typed incl. taxes
    await editor.getByRole('button', { name: 'Ajouter une ligne' }).click();
    await editor.getByLabel('Désignation (ligne 2)').fill('Atelier pâtisserie');
    await editor.getByLabel('Prix unitaire TTC (ligne 2)').fill('120');
    await expectValue(editor.getByLabel('Prix unitaire HT (ligne 2)'), '100,00');

    // rounded-total: 10 × 2,11 = 21,10 TTC -> 20,00 HT at 5,5 %; 120,00 TTC -> 100,00 HT at 20 %
    const totals = editor.getByTestId('invoicing-totals');
    await totals.getByTestId('invoicing-total-incl').getByText(euros('141,10 €')).waitFor();
    expect(await totals.getByTestId('invoicing-total-excl').innerText()).to.equal(euros('120,00 €'));
    expect(await totals.getByTestId('invoicing-total-vat').innerText()).to.equal(euros('21,10 €'));
    const vat = editor.getByTestId('invoicing-vat-details');
    expect(await vat.getByRole('row').count()).to.equal(3);
    expect(await vat.getByRole('row').nth(1).innerText()).to.match(/5,5\s%\s+20,00\s€\s+1,10\s€\s+21,10\s€/);
    expect(await vat.getByRole('row').nth(2).innerText()).to.match(/20\s%\s+100,00\s€\s+20,00\s€\s+120,00\s€/);
    await s.shot('1-brouillon');

    // delivered the day before (issue 13): « Date de livraison / d’exécution » on the invoice, BT-72 in its XML
    const delivery = editor.getByTestId('invoicing-delivery-date');
    await delivery.fill('30/03/2026');
    await delivery.press('Enter');
    await editor.getByText('Date de facture').click();
    expect(await delivery.inputValue()).to.equal('30/03/2026');

    await editor.getByRole('button', { name: 'Enregistrer' }).click();
    await page.waitForURL(/\/factures\/[0-9a-f]{24}$/);
    invoicePath = new URL(page.url()).pathname;
    await page.getByTestId('invoicing-invoice-editor').getByText('Brouillon de facture').waitFor();
  });

  it('emits the draft after the confirmation: number, « Émise », frozen view', async () => {
    await page.getByRole('button', { name: 'Émettre' }).click();
    const dialog = page.getByRole('dialog', { name: 'Émettre la facture' });
    await dialog.getByText('ne pourra plus être modifiée').waitFor();
    await dialog.getByRole('button', { name: 'Émettre' }).click();
    const view = page.getByTestId('invoicing-invoice-view');
    await view.waitFor();
    expect(new URL(page.url()).pathname).to.equal(invoicePath);
    expect(await view.getByRole('heading', { level: 1 }).innerText()).to.match(/^Facture \S*\d/);
    // chips are drawn in capitals (CSS): their text is what the server's status says
    expect(await view.getByTestId('invoicing-status').textContent()).to.equal('Émise');
    await view.getByText('livraison / exécution le 30 mars 2026').waitFor();
    const receiver = await view.getByTestId('invoicing-receiver').innerText();
    expect(receiver).to.contain(CUSTOMER_LABEL);
    expect(receiver).to.contain('69002 Lyon');
    expect(await view.getByTestId('invoicing-unpaid').innerText()).to.equal(euros('141,10 €'));
    await view.getByText('Aucun paiement enregistré.').waitFor();
    await s.shot('2-emise');
  });

  it('records a partial payment (« Partiellement payée »), then the rest (« Payée »)', async () => {
    const view = page.getByTestId('invoicing-invoice-view');
    await view.getByRole('button', { name: 'Enregistrer un paiement' }).click();
    let dialog = page.getByRole('dialog', { name: /Enregistrer un paiement/ });
    await pick(page, dialog.getByRole('combobox', { name: 'Mode de paiement' }), 'Virement');
    const amount = dialog.getByLabel('Montant');
    await expectValue(amount, '141,10');
    await amount.fill('41,10');
    await dialog.getByRole('button', { name: 'Enregistrer le paiement' }).click();
    await dialog.waitFor({ state: 'detached' });
    await view.getByTestId('invoicing-status').getByText('Partiellement payée').waitFor();
    expect(await view.getByTestId('invoicing-unpaid').innerText()).to.equal(euros('100,00 €'));
    await view.getByTestId('invoicing-invoice-payments').getByText('Virement').waitFor();
    await s.shot('3-partiellement-payee');

    await view.getByRole('button', { name: 'Enregistrer un paiement' }).click();
    dialog = page.getByRole('dialog', { name: /Enregistrer un paiement/ });
    // the amount still due is proposed; the mode stays « Carte bancaire »
    await expectValue(dialog.getByLabel('Montant'), '100,00');
    await dialog.getByRole('button', { name: 'Enregistrer le paiement' }).click();
    await dialog.waitFor({ state: 'detached' });
    await view.getByTestId('invoicing-status').getByText('Payée', { exact: true }).waitFor();
    expect(await view.getByTestId('invoicing-unpaid').innerText()).to.equal(euros('0,00 €'));
    expect(await view.getByTestId('invoicing-paid').innerText()).to.equal(euros('141,10 €'));
    const payments = view.getByTestId('invoicing-invoice-payments').getByRole('row');
    expect(await payments.count()).to.equal(3);
    expect(await payments.nth(2).innerText()).to.match(/Carte bancaire\s+100,00\s€/);
    await s.shot('4-payee');
  });

  it('asks to confirm an overpayment, and refuses a refund above what was paid, before sending (issue 11)', async () => {
    const view = page.getByTestId('invoicing-invoice-view');
    await view.getByRole('button', { name: 'Enregistrer un paiement' }).click();
    const dialog = page.getByRole('dialog', { name: /Enregistrer un paiement/ });
    const amount = dialog.getByLabel('Montant');
    await amount.fill('10');
    // the box is offered, unticked: the button waits for it
    const confirm = dialog.getByRole('checkbox', { name: `Confirmer le trop-perçu de ${euros('10,00 €')} : plus que le reste à payer (${euros('0,00 €')}), à rembourser ensuite au client` });
    await confirm.waitFor();
    expect(await confirm.isChecked()).to.equal(false);
    const record = dialog.getByRole('button', { name: 'Enregistrer le paiement' });
    expect(await record.isDisabled()).to.equal(true);
    await amount.fill('-200');
    await dialog.getByRole('status').getByText(`On ne peut rembourser que ce qui a été payé : ${euros('141,10 €')}.`).waitFor();
    expect(await record.isDisabled()).to.equal(true);
    await s.shot('4b-trop-percu');
    await dialog.getByRole('button', { name: 'Annuler' }).click();
    await dialog.waitFor({ state: 'detached' });
    await view.getByTestId('invoicing-status').getByText('Payée', { exact: true }).waitFor();
  });

  it('makes a credit note of the whole invoice: a draft with negative totals, then emitted as « Avoir »', async () => {
    await page.getByTestId('invoicing-invoice-view').getByRole('button', { name: 'Créer un avoir' }).click();
    const dialog = page.getByRole('dialog', { name: 'Créer un avoir' });
    await dialog.getByRole('radio', { name: 'Toute la facture' }).waitFor();
    await dialog.getByRole('button', { name: 'Créer l’avoir' }).click();

    const editor = page.getByTestId('invoicing-invoice-editor');
    await editor.getByText('Brouillon d’avoir').waitFor();
    expect(new URL(page.url()).pathname).not.to.equal(invoicePath);
    await editor.getByTestId('invoicing-total-incl').getByText(euros('-141,10 €')).waitFor();
    expect(await editor.getByLabel('Quantité (ligne 1)').inputValue()).to.equal('-10');
    // its reason: by default the invoice it credits
    expect(await editor.getByTestId('invoicing-credit-reason').inputValue()).to.match(/^Avoir sur la facture n° \S+ du \d\d\/\d\d\/\d{4}\.$/);
    await s.shot('5-avoir-brouillon');

    await editor.getByRole('button', { name: 'Émettre' }).click();
    await page.getByRole('dialog', { name: 'Émettre l’avoir' }).getByRole('button', { name: 'Émettre' }).click();
    const view = page.getByTestId('invoicing-invoice-view');
    await view.waitFor();
    expect(await view.getByRole('heading', { level: 1 }).innerText()).to.match(/^Avoir \S*\d/);
    const number = (await view.getByRole('heading', { level: 1 }).innerText()).replace(/^Avoir /, '');
    // the notification speaks of a credit note (issue 11: it said « La facture … est émise »)
    await page.getByText(`L’avoir ${number} est émis.`).waitFor();
    await view.getByText('Avoir', { exact: true }).first().waitFor();
    await view.getByRole('link', { name: 'Facture d’origine' }).waitFor();
    await s.shot('6-avoir-emis');

    // the source invoice knows its lines were credited
    await view.getByRole('link', { name: 'Facture d’origine' }).click();
    const source = page.getByTestId('invoicing-invoice-view');
    await source.getByText('Déjà crédité').first().waitFor();
    expect(await source.getByText('Déjà crédité').count()).to.equal(2);
  });

  it('lists both documents of the customer with their chips and the totals of the list', async () => {
    await page.getByTestId('side-menu').getByRole('link', { name: 'Factures', exact: true }).click();
    const list = page.getByTestId('invoicing-invoices');
    await chooseCustomer(page, list);
    const totals = list.getByTestId('invoicing-list-totals');
    await totals.getByText('2 factures').waitFor();
    const rows = list.getByTestId('invoicing-invoice-row');
    expect(await rows.count()).to.equal(2);
    const texts = await rows.allTextContents();
    expect(texts.some((t) => /Payée/.test(t) && t.includes(CUSTOMER_LABEL))).to.equal(true);
    expect(texts.some((t) => /Avoir/.test(t) && t.includes('-141,10'))).to.equal(true);
    expect(await totals.innerText()).to.contain(`Total TTC : ${euros('0,00 €')}`);
    await s.shot('7-liste');

    // the state filter asks the server for the paid ones only
    await pick(page, list.getByRole('combobox', { name: 'Statut' }), /^Payées$/);
    await totals.getByText('1 facture', { exact: true }).waitFor();
    expect(await totals.innerText()).to.contain(`Total TTC : ${euros('141,10 €')}`);
  });

  it('finds the invoices by the receiver’s name typed without accents, every filter cleared', async () => {
    await page.getByTestId('side-menu').getByRole('link', { name: 'Devis' }).click();
    await page.getByTestId('side-menu').getByRole('link', { name: 'Factures', exact: true }).click();
    const list = page.getByTestId('invoicing-invoices');
    await pick(page, list.getByRole('combobox', { name: 'Rechercher par' }), /^Client$/);
    await list.getByRole('searchbox', { name: 'Recherche par client' }).fill('traiteur lumiere');
    const totals = list.getByTestId('invoicing-list-totals');
    await totals.getByText('2 factures', { exact: true }).waitFor();
    const texts = await list.getByTestId('invoicing-invoice-row').allTextContents();
    expect(texts.every((t) => t.includes(CUSTOMER_LABEL))).to.equal(true);
  });

  it('lists the payments with their French mode labels, their direction and the invoice they settle', async () => {
    await page.getByTestId('side-menu').getByRole('link', { name: 'Paiements', exact: true }).click();
    const screen = page.getByTestId('invoicing-payments');
    await screen.getByTestId('invoicing-payment-row').first().waitFor();
    // the demo invoices of the seed have their payments too
    const rows = screen.getByTestId('invoicing-payment-row').filter({ hasText: CUSTOMER_LABEL });
    expect(await rows.count()).to.equal(2);
    const text = (await rows.allInnerTexts()).join('\n');
    // (badges are drawn in capitals by CSS)
    expect(text).to.match(/Encaissement[\s\S]*Virement[\s\S]*\+41,10\s€/i);
    expect(text).to.match(/Encaissement[\s\S]*Carte bancaire[\s\S]*\+100,00\s€/i);
    await s.shot('8-paiements');

    // the direction filter asks the server: no money paid out to this customer
    await pick(page, screen.getByRole('combobox', { name: 'Sens' }), 'Décaissements');
    await screen.getByTestId('invoicing-payment-row').filter({ hasText: CUSTOMER_LABEL }).first().waitFor({ state: 'detached' });
    for (const direction of await screen.getByTestId('invoicing-payment-row').evaluateAll((rs) => rs.map((r) => r.getAttribute('data-direction')))) {
      expect(direction).to.equal('out');
    }
    await pick(page, screen.getByRole('combobox', { name: 'Sens' }), 'Encaissements');
    await screen.getByTestId('invoicing-payment-row').filter({ hasText: CUSTOMER_LABEL }).first().waitFor();
    expect(await screen.getByTestId('invoicing-payment-row').filter({ hasText: CUSTOMER_LABEL }).count()).to.equal(2);
    // the filter is written in the address, and the totals are those of what it shows: money received only
    await page.waitForURL(/[?&]sens=encaissement/);
    const totals = screen.getByTestId('invoicing-payments-totals');
    await totals.getByText(/^Encaissé : [1-9]/).waitFor();
    await totals.getByText(/^Remboursé aux clients : 0,00/).waitFor();
  });

  it('makes a quotation, then converts it into a draft invoice opened under /factures', async () => {
    await page.getByTestId('side-menu').getByRole('link', { name: 'Devis' }).click();
    await page.getByTestId('invoicing-quotations').getByRole('link', { name: 'Nouveau devis' }).click();
    const editor = page.getByTestId('invoicing-quotation-editor');
    await chooseCustomer(page, editor);
    await editor.getByLabel('Désignation (ligne 1)').fill('Pièce montée');
    await editor.getByLabel('Prix unitaire TTC (ligne 1)').fill('180');
    await expectValue(editor.getByLabel('Prix unitaire HT (ligne 1)'), '150,00');
    await editor.getByTestId('invoicing-total-incl').getByText(euros('180,00 €')).waitFor();
    await editor.getByRole('button', { name: 'Enregistrer' }).click();
    await page.waitForURL(/\/devis\/[0-9a-f]{24}$/);
    const quotation = page.getByTestId('invoicing-quotation-editor');
    await quotation.getByRole('heading', { name: /^Devis \S*\d/ }).waitFor();
    expect(await quotation.getByTestId('invoicing-quotation-status').textContent()).to.equal('Émis');
    await s.shot('9-devis');

    await quotation.getByRole('button', { name: 'Convertir en facture' }).click();
    await page.getByRole('dialog', { name: 'Convertir en facture' }).getByRole('button', { name: 'Créer la facture' }).click();
    await page.waitForURL(/\/factures\/[0-9a-f]{24}$/);
    const invoice = page.getByTestId('invoicing-invoice-editor');
    await invoice.getByText('Brouillon de facture').waitFor();
    expect(await invoice.getByLabel('Désignation (ligne 1)').inputValue()).to.equal('Pièce montée');
    await invoice.getByTestId('invoicing-total-incl').getByText(euros('180,00 €')).waitFor();

    await page.getByTestId('side-menu').getByRole('link', { name: 'Devis' }).click();
    const row = page.getByTestId('invoicing-quotation-row').filter({ hasText: CUSTOMER_LABEL });
    await row.waitFor();
    expect(await row.getByTestId('invoicing-quotation-status').textContent()).to.equal('Facturé');
  });

  it('leaves the drafts out of the list totals (« hors brouillons »): the draft made from the quotation changes the count only', async () => {
    await page.getByTestId('side-menu').getByRole('link', { name: 'Factures', exact: true }).click();
    const list = page.getByTestId('invoicing-invoices');
    await chooseCustomer(page, list);
    const totals = list.getByTestId('invoicing-list-totals');
    await totals.getByText('3 factures').waitFor();
    expect(await list.getByTestId('invoicing-invoice-row').filter({ hasText: 'Brouillon' }).count()).to.equal(1);
    const text = await totals.innerText();
    expect(text).to.contain(`Total TTC : ${euros('0,00 €')}`);
    // the paid invoice owes nothing; the credit note, not compensated, is still to pay back
    expect(text).to.contain(`Reste à encaisser : ${euros('-141,10 €')}`);
    expect(text).to.contain('Totaux hors brouillons');
  });

  it('makes a standalone credit note from « Nouvel avoir »: its reason required, negative lines, « L’avoir … est émis »', async () => {
    await page.getByTestId('invoicing-invoices').getByRole('link', { name: 'Nouvel avoir' }).click();
    const editor = page.getByTestId('invoicing-invoice-editor');
    await editor.getByText('Nouvel avoir').first().waitFor();
    expect(new URL(page.url()).pathname).to.equal('/factures/nouvel-avoir');
    await chooseCustomer(page, editor);
    await editor.getByLabel('Désignation (ligne 1)').fill('Geste commercial');
    expect(await editor.getByLabel('Quantité (ligne 1)').inputValue()).to.equal('-1');
    await editor.getByLabel('Prix unitaire TTC (ligne 1)').fill('12');
    await editor.getByTestId('invoicing-total-incl').getByText(euros('-12,00 €')).waitFor();
    // without its reason it is not saved
    await editor.getByRole('button', { name: 'Enregistrer' }).click();
    await editor.getByRole('alert').getByText('Indiquez le motif de l’avoir.').waitFor();
    await editor.getByTestId('invoicing-credit-reason').fill('Livraison en retard du 12 mars');
    await editor.getByRole('button', { name: 'Émettre' }).click();
    await page.getByRole('dialog', { name: 'Émettre l’avoir' }).getByRole('button', { name: 'Émettre' }).click();
    const view = page.getByTestId('invoicing-invoice-view');
    await view.waitFor();
    const number = (await view.getByRole('heading', { level: 1 }).innerText()).replace(/^Avoir /, '');
    await page.getByText(`L’avoir ${number} est émis.`).waitFor();
    expect(await view.getByTestId('invoicing-credit-reason').innerText()).to.equal('Motif : Livraison en retard du 12 mars');
    await s.shot('10b-avoir-seul');
  });

  it('refuses a corrective invoice of the paid invoice in French (a credit note and a new invoice), and duplicates it as a draft', async () => {
    await page.goto(`${url}${invoicePath}`);
    const view = page.getByTestId('invoicing-invoice-view');
    const number = (await view.getByRole('heading', { level: 1 }).innerText()).replace(/^Facture /, '');
    await view.getByRole('button', { name: 'Facture corrective' }).click();
    // paid: it may not be cancelled and replaced (the corrective flow: invoicing-corrective.test.ts)
    const dialog = page.getByRole('dialog', { name: 'Facture corrective' });
    await dialog.getByRole('button', { name: 'Créer la facture corrective' }).click();
    await dialog.getByRole('alert').getByText(`La facture ${number} a déjà reçu 141,10 € de paiements`, { exact: false }).waitFor();
    expect(await dialog.getByRole('alert').innerText()).to.contain('Faites un avoir de cette facture (« Créer un avoir »), puis une nouvelle facture.');
    await s.shot('11-corrective-refusee');
    await dialog.getByRole('button', { name: 'Annuler' }).click();
    await dialog.waitFor({ state: 'detached' });
    expect(new URL(page.url()).pathname).to.equal(invoicePath);

    await page.goto(`${url}${invoicePath}`);
    await page.getByTestId('invoicing-invoice-view').getByRole('button', { name: 'Dupliquer' }).click();
    const duplicate = page.getByTestId('invoicing-invoice-editor');
    await duplicate.getByText('Brouillon de facture').waitFor();
    expect(new URL(page.url()).pathname).not.to.equal(invoicePath);
    expect(await duplicate.getByLabel('Quantité (ligne 1)').inputValue()).to.equal('10');
    await duplicate.getByTestId('invoicing-total-incl').getByText(euros('141,10 €')).waitFor();
  });

  it('in a company that lacks its legal mentions, « Émettre » shows the server’s refusal, stores nothing and keeps the invoice on screen', async () => {
    // a second company of the demo user, with a name only, and a customer of it (through the API)
    const login = await api(url, 'POST', '/auth/login', DEMO_LOGIN);
    const token = login.token as string;
    const created = await api(url, 'POST', '/kernel/companies', { name: SECOND_COMPANY }, token, (login.company as { _id: string })._id);
    await api(url, 'POST', '/contacts/customers', { company: 'Traiteur Lumière', firstname: 'Jeanne', name: 'Dupont' }, token, created._id as string);

    // the shell reads the user's companies when the page loads
    await page.reload();
    await page.getByTestId('company-switcher').click();
    await page.getByRole('option', { name: SECOND_COMPANY }).click();
    await page.getByTestId('side-menu').getByRole('link', { name: 'Factures', exact: true }).click();
    await page.getByTestId('invoicing-invoices').getByRole('link', { name: 'Nouvelle facture' }).click();
    const editor = page.getByTestId('invoicing-invoice-editor');
    await chooseCustomer(page, editor);
    await editor.getByLabel('Désignation (ligne 1)').fill('Panier garni');
    await editor.getByLabel('Prix unitaire HT (ligne 1)').fill('40');
    await editor.getByRole('button', { name: 'Émettre' }).click();
    const dialog = page.getByRole('dialog', { name: 'Émettre la facture' });
    await dialog.getByRole('button', { name: 'Émettre' }).click();
    const refusal = dialog.getByRole('alert');
    await refusal.waitFor();
    const message = await refusal.innerText();
    expect(message).to.match(/^Impossible d’émettre la facture : il manque à l’entreprise .+\.$/);
    expect(message).to.contain('SIRET');
    await s.shot('10-emission-refusee');

    // a new invoice is created and emitted in one request (POST /invoices/emit): refused, nothing
    // is stored, and the screen keeps what was typed, to complete the company and emit again
    await dialog.getByRole('button', { name: 'Annuler' }).click();
    await editor.getByText('Nouvelle facture').waitFor();
    expect(await editor.getByLabel('Désignation (ligne 1)').inputValue()).to.equal('Panier garni');
    const stored = await api(url, 'GET', '/invoicing/invoices', undefined, token, created._id as string);
    expect(stored.count).to.equal(0);
  });
});

/** One API call as the demo user (`token`, `company`), for what the test sets up outside the screens. */
async function api(url: string, method: string, route: string, body: unknown, token?: string, company?: string): Promise<Record<string, unknown>> {
  const res = await fetch(`${url}/api${route}`, {
    method,
    headers: { 'Content-Type': 'application/json', ...(token ? { Authorization: `Bearer ${token}`, 'AT-Company': company! } : {}) },
    body: JSON.stringify(body),
  });
  const answer = await res.json() as Record<string, unknown>;
  expect(res.status, `${method} ${route}: ${JSON.stringify(answer)}`).to.be.oneOf([200, 201]);
  return answer;
}

/** Picks the test's customer in the « Client » picker found in `scope` (an editor or the list filters). */
async function chooseCustomer(page: Page, scope: Locator): Promise<void> {
  await scope.getByRole('combobox', { name: 'Client' }).fill('lumi');
  await page.getByRole('option', { name: CUSTOMER_LABEL }).click();
}

/** Waits until a (controlled) input shows `value`, ignoring the ' €' suffix and separators' spaces. */
async function expectValue(input: Locator, value: string): Promise<void> {
  const end = Date.now() + 10_000;
  let seen = '';
  while (Date.now() < end) {
    seen = (await input.inputValue()).replace(/\s?€$/, '').replace(/[\s\u202f\u00a0]/g, '');
    if (seen === value) return;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error(`champ : attendu « ${value} », vu « ${seen} »`);
}
