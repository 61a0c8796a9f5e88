/**
 * « Catalogue » and the import of « Contacts » in Debian's Chromium (playwright-core), on the demo
 * company and the shell, catalogue and contacts remotes built here:
 *
 * 1. an item « Fougasse aux olives » at 5,5 % is created by typing its price incl. taxes (3,80 €):
 *    the price excl. taxes (3,60 €) is computed on screen; the item is in the list, and the search
 *    « fougasse » finds it;
 * 2. the import wizard of the « Contacts » screen reads the shared sample comptoir-fr-contacts.vcf:
 *    the preview lists its three cards, none a duplicate; the import creates them (the report says
 *    how many) and the list shows « Céline Lefèvre »;
 * 3. the same file again: every row of the preview is flagged as a duplicate (left out), and there
 *    is nothing to import;
 * 4. archiving (issue 11, item 13): the item is archived with « Archiver » and its confirmation,
 *    leaves the list, shows under « Archivés », and comes back with « Restaurer »; the demo customer
 *    « Hôtel du Parc », on the demo invoices, cannot be deleted (the dialog says to archive it),
 *    and is archived and restored the same way.
 *
 * The sample is read from the shared test data beside the checkout (../shared/testdata), or where
 * COMPTOIR_TESTDATA_DIR says, as the contacts plugin's tests do.
 *
 * Screenshots go to test/e2e/screenshots/ (git-ignored).
 *   npx mocha --no-config --import=tsx --timeout 120000 --exit test/e2e/contacts-catalogue.test.ts
 */
import path from 'node:path';
import { expect } from 'chai';
import type { Locator, Page } from 'playwright-core';
import { demoSession, pick } from './support/demo-session.ts';
// the contacts plugin's own rule for the shared samples: CI fails without them, elsewhere skipped
import { SAMPLES_DIR, requireSamples } from '../../plugins/contacts/test/support.ts';

const ITEM = 'Fougasse aux olives';
/** The shared vCard sample: three cards (3.0 and 4.0), French accents. */
const VCARD = path.join(SAMPLES_DIR, 'comptoir-fr-contacts.vcf');
const VCARD_NAMES = ['Céline Lefèvre', 'François Œhmichen', 'Garage du Centre'];

describe('catalogue and contacts import in Chromium: TTC price typed, vCard import, duplicates', function () {
  this.timeout(240_000);
  const s = demoSession(this, { plugins: ['catalogue', 'contacts'], shotPrefix: 'contacts-catalogue', before: requireSamples });
  let page: Page;
  before(() => { page = s.page; });

  it('creates « Fougasse aux olives » at 5,5 % from its price incl. taxes: 3,80 € TTC gives 3,60 € HT', async () => {
    await page.getByTestId('side-menu').getByRole('link', { name: 'Catalogue' }).click();
    await page.getByTestId('catalogue-items').getByRole('link', { name: 'Nouvel article' }).click();
    const form = page.getByTestId('catalogue-new-item');
    await form.waitFor();
    expect(new URL(page.url()).pathname).to.equal('/catalogue/nouveau');

    await form.getByRole('textbox', { name: 'Nom', exact: true }).fill(ITEM);
    await pick(page, form.getByLabel('Taux de TVA'), '5,5 %');
    await form.getByLabel('Prix unitaire TTC').fill('3,80');
    await expectValue(form.getByLabel('Prix unitaire HT'), '3,60');
    await form.getByText('Calculé depuis le prix TTC').waitFor();
    await s.shot('1-article');

    await form.getByRole('button', { name: 'Enregistrer' }).click();
    await page.waitForURL(/\/catalogue\/[0-9a-f]{24}$/);
  });

  it('lists the item with its rate and both prices; the search « fougasse » finds it', async () => {
    await page.getByTestId('side-menu').getByRole('link', { name: 'Catalogue' }).click();
    const list = page.getByTestId('catalogue-items');
    const table = list.getByRole('table', { name: 'Articles du catalogue' });
    const row = table.getByRole('row').filter({ has: page.getByRole('link', { name: ITEM }) });
    await row.waitFor();
    const text = await row.innerText();
    expect(text).to.match(/5,5\s%/);
    expect(text).to.match(/3,60\s€/);
    expect(text).to.match(/3,80\s€/);

    // the demo items of the seed are listed too, so the search has something to leave out
    await expectRows(table, (names) => names.length > 1 && names.includes(ITEM), 'la fougasse et les articles de démonstration');
    await list.getByRole('searchbox', { name: 'Rechercher un article' }).fill('fougasse');
    await expectRows(table, (names) => names.length === 1 && names[0] === ITEM, 'un seul article, la fougasse');
    await s.shot('2-recherche');
  });

  it('archives the item: « Archiver » with its confirmation, gone from the list, under « Archivés », then « Restaurer »', async () => {
    const list = page.getByTestId('catalogue-items');
    await list.getByRole('link', { name: ITEM }).click();
    const screen = page.getByTestId('catalogue-item');
    await screen.getByRole('button', { name: 'Archiver' }).click();
    const dialog = page.getByRole('dialog', { name: 'Archiver l’article' });
    expect(await dialog.innerText()).to.contain('ne sera plus proposé dans les devis, factures et achats');
    await dialog.getByRole('button', { name: 'Archiver' }).click();
    await screen.getByTestId('archived-badge').waitFor();
    await screen.getByRole('button', { name: 'Restaurer' }).waitFor();
    await s.shot('2b-article-archive');

    await page.getByTestId('side-menu').getByRole('link', { name: 'Catalogue' }).click();
    const table = list.getByRole('table', { name: 'Articles du catalogue' });
    await expectRows(table, (names) => names.length > 0 && !names.includes(ITEM), 'les articles actifs, sans la fougasse');
    await list.getByText('Archivés', { exact: true }).click();
    await expectRows(table, (names) => names.length === 1 && names[0] === ITEM, 'la seule fougasse archivée');
    await table.getByRole('link', { name: ITEM }).click();
    await screen.getByRole('button', { name: 'Restaurer' }).click();
    await screen.getByRole('button', { name: 'Archiver' }).waitFor();
    expect(await screen.getByTestId('archived-badge').count()).to.equal(0);
  });

  it('a customer on invoices cannot be deleted: the dialog says to archive it; archived, it leaves the list; restored, it comes back', async () => {
    const name = 'Hôtel du Parc';
    await page.getByTestId('side-menu').getByRole('link', { name: 'Clients' }).click();
    const customers = page.getByTestId('contacts-customers');
    const table = customers.getByRole('table', { name: 'Clients' });
    await table.getByRole('link', { name }).click();
    const detail = page.getByTestId('contacts-customers-detail');
    await detail.getByRole('button', { name: 'Supprimer' }).click();
    const remove = page.getByRole('dialog', { name: 'Supprimer le client' });
    await remove.getByRole('button', { name: 'Supprimer' }).click();
    const refusal = remove.getByRole('alert');
    await refusal.waitFor();
    expect(await refusal.innerText()).to.match(/Ce client figure sur des documents .*archivez-le plutôt/);
    await s.shot('2c-client-refus');
    await remove.getByRole('button', { name: 'Annuler' }).click();

    await detail.getByRole('button', { name: 'Archiver' }).click();
    const dialog = page.getByRole('dialog', { name: 'Archiver le client' });
    expect(await dialog.innerText()).to.contain('Les documents qui le citent le gardent');
    await dialog.getByRole('button', { name: 'Archiver' }).click();
    await detail.getByTestId('archived-badge').waitFor();

    await page.getByTestId('side-menu').getByRole('link', { name: 'Clients' }).click();
    await expectRows(table, (names) => names.length > 0 && !names.includes(name), 'les clients actifs, sans l’hôtel');
    await customers.getByText('Archivés', { exact: true }).click();
    await expectRows(table, (names) => names.length === 1 && names[0] === name, 'le seul client archivé');
    await s.shot('2d-clients-archives');
    await table.getByRole('link', { name }).click();
    await detail.getByRole('button', { name: 'Restaurer' }).click();
    await detail.getByRole('button', { name: 'Archiver' }).waitFor();
  });

  it('imports the vCard sample from the « Contacts » screen: preview, import, report, list', async () => {
    await page.getByTestId('side-menu').getByRole('link', { name: 'Contacts', exact: true }).click();
    const contacts = page.getByTestId('contacts-contacts');
    await contacts.getByRole('link', { name: 'Importer' }).click();
    const wizard = page.getByTestId('contacts-import');
    await wizard.waitFor();
    expect(new URL(page.url()).pathname).to.equal('/contacts/importer');

    await wizard.locator('input[type="file"]').setInputFiles(VCARD);
    await wizard.getByRole('button', { name: 'Analyser le fichier' }).click();

    const preview = wizard.getByRole('table', { name: 'Aperçu de l’import' });
    await preview.waitFor();
    const rows = preview.getByTestId(/^import-row-\d+$/);
    await rows.first().waitFor();
    expect(await rows.count()).to.equal(3);
    // badges are drawn in capitals (CSS): their text content is what the screen says
    const texts = await rows.allTextContents();
    VCARD_NAMES.forEach((name, i) => expect(texts[i]).to.contain(name));
    // a fresh demo company: nothing in the file is a duplicate yet
    expect(texts.every((t) => t.includes('À importer'))).to.equal(true);
    await wizard.getByText('3 à importer').waitFor();
    await wizard.getByText('0 doublon', { exact: true }).waitFor();
    await s.shot('3-apercu');

    await wizard.getByRole('button', { name: 'Importer 3 contacts' }).click();
    const report = wizard.getByRole('alert').filter({ hasText: 'Import terminé' });
    await report.waitFor();
    expect(await report.innerText()).to.contain('3 contacts créés.');
    await s.shot('4-rapport');

    await wizard.getByRole('link', { name: 'Voir les contacts' }).click();
    await page.waitForURL(/\/contacts$/);
    const list = page.getByTestId('contacts-contacts').getByRole('table', { name: 'Contacts' });
    await list.getByRole('link', { name: 'Céline Lefèvre' }).waitFor();
    const celine = list.getByRole('row').filter({ has: page.getByRole('link', { name: 'Céline Lefèvre' }) });
    expect(await celine.innerText()).to.contain('Boulangerie Lefèvre & Fils');
    await list.getByRole('link', { name: 'François Œhmichen' }).waitFor();
    await s.shot('5-contacts');
  });

  it('flags every row of the same file as a duplicate when it is imported again', async () => {
    await page.getByTestId('side-menu').getByRole('link', { name: 'Contacts', exact: true }).click();
    await page.getByTestId('contacts-contacts').getByRole('link', { name: 'Importer' }).click();
    const wizard = page.getByTestId('contacts-import');
    await wizard.locator('input[type="file"]').setInputFiles(VCARD);
    await wizard.getByRole('button', { name: 'Analyser le fichier' }).click();

    const preview = wizard.getByRole('table', { name: 'Aperçu de l’import' });
    const rows = preview.getByTestId(/^import-row-\d+$/);
    await rows.first().waitFor();
    expect(await rows.count()).to.equal(3);
    // badges are drawn in capitals (CSS): their text content is what the screen says
    const texts = await rows.allTextContents();
    expect(texts.every((t) => t.includes('Doublon ignoré')), texts.join('\n---\n')).to.equal(true);
    await wizard.getByText('3 doublons', { exact: true }).waitFor();
    await wizard.getByText('0 à importer').waitFor();
    expect(await wizard.getByRole('button', { name: 'Aucun contact à importer' }).isDisabled()).to.equal(true);
    await s.shot('6-doublons');
  });
});

/** Waits until the names linked in the rows of `table` satisfy `ok` (the list refetches as one types). */
async function expectRows(table: Locator, ok: (names: string[]) => boolean, what: string): Promise<void> {
  const end = Date.now() + 10_000;
  let names: string[] = [];
  while (Date.now() < end) {
    names = (await table.locator('tbody tr a').allInnerTexts()).map((n) => n.trim());
    if (ok(names)) return;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`liste : attendu ${what}, vu ${JSON.stringify(names)}`);
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
