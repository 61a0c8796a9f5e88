/**
 * « Réservations » in Debian's Chromium (playwright-core), on the demo company (its rehearsal room
 * seeded by the plugin) and the shell, invoicing and booking remotes built here:
 *
 * 1. a visitor books the room from the standalone public page (no account, only the company in
 *    the address): a day, the first free start, name and e-mail → « Réservation confirmée » ;
 * 2. the booking shows in the back office's calendar (FullCalendar, day view of that day);
 * 3. opened from the calendar, it becomes a draft invoice through « Facturation », whose line names it.
 *
 *   npx mocha --no-config --import=tsx --timeout 120000 --exit test/e2e/booking.test.ts
 */
import { expect } from 'chai';
import type { Knex } from 'knex';
import { demoSession } from './support/demo-session.ts';

/** `YYYY-MM-DD` in Paris, `days` after today */
const parisDay = (days: number) => new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Paris' }).format(new Date(Date.now() + days * 86_400_000));

describe('booking in Chromium: the public page, the calendar, an invoice', function () {
  this.timeout(240_000);
  const s = demoSession(this, { plugins: ['contacts', 'invoicing', 'booking'], shotPrefix: 'reservations' });
  const visitorName = 'Marie Curie';

  it('books the rehearsal room from the public page, with no account', async () => {
    const db = (s.kernel as unknown as { db: Knex }).db;
    const company = await db('kernel_companies').where({ name: 'Boulangerie Martin SARL' }).first('_id');
    const visitor = await s.page.context().newPage();
    await visitor.goto(`${s.url}/api/booking/public/page?company=${company._id}`);
    const ask = visitor.locator('#ask');
    await ask.waitFor();
    expect(await visitor.locator('#room option').allInnerTexts()).to.deep.equal(['Salle de répétition']);
    await visitor.locator('#day').fill(parisDay(1));
    await visitor.getByRole('button', { name: 'Voir les horaires libres' }).click();
    const starts = visitor.locator('#starts button');
    await starts.first().waitFor();
    expect(await starts.first().innerText()).to.equal('09:00');
    expect(await visitor.locator('#price').innerText()).to.match(/^Prix : 15,00\s€ TTC$/);
    await starts.nth(4).click(); // 10:00
    await visitor.getByRole('textbox', { name: 'Nom' }).fill(visitorName);
    await visitor.getByLabel('E-mail').fill('marie.curie@exemple.fr');
    await visitor.getByRole('button', { name: 'Réserver', exact: true }).click();
    await visitor.getByText(/^Réservation confirmée : « Salle de répétition »/).waitFor();
    expect(await visitor.locator('#message').innerText()).to.contain('à 10:00');
    await visitor.screenshot({ path: 'test/e2e/screenshots/reservations-1-page-publique.png', fullPage: true });
    await visitor.close();
  });

  it('shows the booking in the calendar, then makes a draft invoice from it', async () => {
    const { page } = s;
    await page.getByTestId('side-menu').getByRole('link', { name: 'Réservations', exact: true }).click();
    const calendar = page.getByTestId('booking-calendar');
    await calendar.waitFor();
    await calendar.getByRole('button', { name: 'Jour', exact: true }).click();
    await calendar.getByRole('button', { name: /Suivant/ }).click();
    const event = calendar.locator('.fc-event').filter({ hasText: visitorName });
    await event.waitFor();
    expect(await event.innerText()).to.contain('Salle de répétition');
    await s.shot('2-calendrier');

    await event.click();
    const screen = page.getByTestId('booking-screen');
    await screen.waitFor();
    expect(await screen.getByTestId('booking-total').innerText()).to.match(/^15,00\s€ TTC$/);
    await screen.getByRole('button', { name: 'Faire une facture' }).click();
    await screen.getByTestId('booking-invoice-link').click();
    await page.waitForURL(/\/factures\/[0-9a-f]{24}$/);
    // the invoice's line names the booking, and « Éléments liés » leads back to it
    await page.getByRole('link', { name: `Réservation Salle de répétition — ${visitorName}` }).waitFor();
    const values = await page.locator('input').evaluateAll((inputs) => inputs.map((i) => (i as HTMLInputElement).value));
    expect(values.some((v) => /^Réservation Salle de répétition — .* — Adulte, premier créneau$/.test(v)), values.join(' | ')).to.equal(true);
    await s.shot('3-facture');
  });
});
