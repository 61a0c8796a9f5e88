/**
 * The shell's « Établissements » and « Groupes » screens in Debian's Chromium (playwright-core), on
 * the demo company:
 *
 * 1. an establishment is created in the editor with its regular hours (weekdays 08:00–12:30 and
 *    14:00–19:00, Saturday 09:00–13:00) and a closed day two days ahead; what is stored is what was
 *    typed, the « ouvert maintenant ? » badge says what the server says, and the next 7 days show
 *    the intervals (not the closed day);
 * 2. the demo company's tree of customer groups (Particuliers; Professionnels > Restaurants) is
 *    shown, grows (a root, and Croix-Rousse under Restaurants), a too low maximum depth is refused
 *    with the server's French message, a group is renamed and coloured, a group with a subgroup
 *    cannot be deleted, a leaf can.
 *
 *   npx mocha --no-config --import=tsx --timeout 120000 --exit test/e2e/establishments-groups.test.ts
 */
import { expect } from 'chai';
import type { Page } from 'playwright-core';
import type { KernelEstablishments } from '@comptoir/sdk';
import { demoSession } from './support/demo-session.ts';

const NAME = 'Boulangerie du Port';
const dayLabel = new Intl.DateTimeFormat('fr-FR', { weekday: 'long', day: 'numeric', month: 'long', timeZone: 'Europe/Paris' });
const isoDay = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Paris' });

const hm = (hours: number, minutes: number) => ({ hours, minutes });

describe('establishments with opening hours and the groups tree in Chromium', function () {
  this.timeout(240_000);
  const s = demoSession(this, { plugins: [], shotPrefix: 'establishments-groups' });
  let page: Page;
  before(() => { page = s.page; });

  it('creates an establishment with its hours in the editor and shows « ouvert maintenant ? » and the next 7 days', async () => {
    const closedDay = new Date(Date.now() + 2 * 86_400_000);
    await page.getByTestId('side-menu').getByRole('link', { name: 'Établissements' }).click();
    await page.getByRole('link', { name: 'Nouvel établissement' }).click();
    const form = page.getByRole('form', { name: 'Établissement' });
    await form.getByRole('textbox', { name: 'Nom', exact: true }).fill(NAME);
    await form.getByLabel('Ville').fill('Brest');
    await form.getByLabel('Téléphone 1 : numéro').fill('02 98 00 00 00');
    // the new establishment opens Monday to Friday 09:00–17:00: change it to two intervals
    await form.getByLabel('Horaires 1, plage 1 : ouverture').fill('08:00');
    await form.getByLabel('Horaires 1, plage 1 : fermeture').fill('12:30');
    await form.getByRole('button', { name: 'Ajouter une plage horaire' }).click();
    await form.getByLabel('Horaires 1, plage 2 : ouverture').fill('14:00');
    await form.getByLabel('Horaires 1, plage 2 : fermeture').fill('19:00');
    await form.getByRole('button', { name: 'Ajouter des jours' }).click();
    // a Chip's checkbox is visually hidden: click its label, as a person does
    await form.getByTestId('regular-hours').nth(1).getByText('Sam', { exact: true }).click();
    expect(await form.getByLabel('Horaires 2 : samedi').isChecked()).to.equal(true);
    await form.getByLabel('Horaires 2, plage 1 : fermeture').fill('13:00');
    await form.getByRole('button', { name: 'Ajouter une période' }).click();
    await form.getByLabel('Nom').nth(1).fill('Inventaire');
    await form.getByLabel('Du').fill(isoDay.format(closedDay));
    await s.shot('1-editeur');
    await form.getByRole('button', { name: 'Créer l’établissement' }).click();
    await page.waitForURL(/\/etablissements\/[0-9a-f]{24}$/);

    const row = await s.kernel.db('kernel_establishments').where({ name: NAME }).first();
    const stored = (v: unknown) => (typeof v === 'string' ? JSON.parse(v) : v);
    expect(stored(row.regularHours)).to.deep.equal([
      // typed HH:MM on screen, stored as the spec's { hours, minutes } (platform README « Establishments and opening hours »)
      { days: ['MONDAY', 'TUESDAY', 'WENESDAY', 'THURSDAY', 'FRIDAY'], openTimes: [{ start: hm(8, 0), end: hm(12, 30) }, { start: hm(14, 0), end: hm(19, 0) }] },
      { days: ['SATURDAY'], openTimes: [{ start: hm(9, 0), end: hm(13, 0) }] },
    ]);
    expect(stored(row.specialHours)).to.deep.equal([{ startDate: isoDay.format(closedDay), endDate: isoDay.format(closedDay), name: 'Inventaire', hours: [] }]);
    expect(stored(row.tels)).to.deep.equal([{ type: 'Accueil', value: '02 98 00 00 00' }]);

    const panel = page.getByTestId('opening-panel');
    const badge = panel.getByTestId('open-now');
    await badge.waitFor();
    const open = await s.kernel.asSystem(row.fk_company, (ctx) => ctx.resolve<KernelEstablishments>('establishments').isOpenAt(row._id, new Date()));
    expect(await badge.textContent()).to.equal(open ? 'Ouvert' : 'Fermé');
    const table = panel.getByRole('table', { name: 'Horaires des 7 prochains jours' });
    await table.waitFor();
    const rows = await table.getByRole('row').allTextContents();
    expect(rows.filter((r) => r.includes('08:00–12:30, 14:00–19:00')).length).to.be.greaterThanOrEqual(3);
    expect(rows.some((r) => r.toLowerCase().startsWith('samedi') && r.endsWith('09:00–13:00'))).to.equal(true);
    expect(rows.some((r) => r.toLowerCase().startsWith(dayLabel.format(closedDay).toLowerCase()))).to.equal(false);
    await s.shot('2-ouverture');

    await page.getByRole('button', { name: 'Retour à la liste' }).click();
    await page.getByRole('table', { name: 'Établissements' }).getByRole('link', { name: NAME }).waitFor();
    // beside the demo company's own shop
    await page.getByRole('table', { name: 'Établissements' }).getByRole('link', { name: 'Boulangerie Martin — Centre' }).waitFor();
  });

  it('builds a tree of customer groups: create, subgroups, settings refused, rename and colour, delete', async () => {
    await page.getByTestId('side-menu').getByRole('link', { name: 'Groupes' }).click();
    expect(await page.getByRole('combobox', { name: 'Collection' }).inputValue()).to.match(/^Clients/);
    const create = async (name: string, under?: string) => {
      if (under) await page.getByRole('button', { name: `Ajouter un sous-groupe à ${under}` }).click();
      else await page.getByRole('button', { name: 'Nouveau groupe' }).click();
      const dialog = page.getByRole('dialog');
      await dialog.getByRole('textbox', { name: 'Nom' }).fill(name);
      await dialog.getByRole('button', { name: 'Créer le groupe' }).click();
      await dialog.waitFor({ state: 'detached' });
    };
    const tree = page.getByRole('list', { name: 'Arbre des groupes' });
    const rows = tree.getByTestId('group-row');
    const shown = () => rows.evaluateAll((els) => els.map((e) => `${e.getAttribute('data-depth')} ${e.querySelector('p')?.textContent}`));
    // seeded with the demo company (server/src/platform/seed.ts), siblings in French order
    await rows.nth(2).waitFor();
    expect(await shown()).to.deep.equal(['1 Particuliers', '1 Professionnels', '2 Restaurants']);
    await create('Épiceries fines');
    await create('Croix-Rousse', 'Restaurants');
    await rows.nth(4).waitFor();
    expect(await shown()).to.deep.equal(['1 Épiceries fines', '1 Particuliers', '1 Professionnels', '2 Restaurants', '3 Croix-Rousse']);

    const settings = page.getByRole('form', { name: 'Réglages des groupes' });
    await settings.getByLabel('Profondeur maximale').fill('2');
    await settings.getByRole('button', { name: 'Enregistrer les réglages' }).click();
    await settings.getByRole('alert').getByText('Profondeur maximale trop faible : le groupe « Croix-Rousse » de « contacts.customers » est au niveau 3.').waitFor();
    await s.shot('3-groupes');

    await page.getByRole('button', { name: 'Modifier Restaurants' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('textbox', { name: 'Nom' }).fill('Cafés et restaurants');
    await dialog.getByLabel('Couleur').fill('#e8590c');
    await dialog.getByRole('button', { name: 'Enregistrer' }).click();
    await dialog.waitFor({ state: 'detached' });
    await tree.getByText('Cafés et restaurants').waitFor();

    await page.getByRole('button', { name: 'Supprimer Professionnels' }).click();
    const confirm = page.getByRole('dialog');
    await confirm.getByRole('button', { name: 'Supprimer' }).click();
    await confirm.getByText('Le groupe « Professionnels » contient 1 sous-groupe : supprimez-les ou déplacez-les d’abord.').waitFor();
    await confirm.getByRole('button', { name: 'Annuler' }).click();
    await page.getByRole('button', { name: 'Supprimer Croix-Rousse' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Supprimer' }).click();
    await tree.getByText('Croix-Rousse').waitFor({ state: 'detached' });
    expect(await shown()).to.deep.equal(['1 Épiceries fines', '1 Particuliers', '1 Professionnels', '2 Cafés et restaurants']);
    await s.shot('4-groupes-final');
  });
});
