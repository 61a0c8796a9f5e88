/**
 * « Caisse » in Debian's Chromium (playwright-core), on the demo company (its register « Comptoir »
 * and its catalogue), at 1024×768 like a shop's touch screen:
 *
 * 1. the register is opened with counted cash (by denomination): expected, counted, difference;
 * 2. three sales on the sale screen: cash with change (the change shown before validating and on
 *    the receipt), card with the article added by a barcode scanner (fast keys + Enter), split
 *    cheque + cash with a reload in the middle (the basket survives it);
 * 3. a sale validated while the connection is lost: French banner, the sale waits, and is sent
 *    once when the connection is back;
 * 4. the receipts list: one sale refunded (a refund receipt, negative), the others untouched;
 * 5. « Ventes du jour » on the home page: the net of the day;
 * 6. an X ticket drawn and printed from the « X / Z » screen: its preview, then its ESC/POS bytes
 *    received by a REAL TCP listener standing in for the printer (behind the print server of tools/);
 * 7. closing with a count: the difference is shown, with the closing's Z ticket (its preview shows
 *    the same difference), printed too.
 *
 * Screenshots go to test/e2e/screenshots/ (git-ignored).
 *   npx mocha --no-config --import=tsx --timeout 120000 --exit test/e2e/pos.test.ts
 */
import { expect } from 'chai';
import type { Locator } from 'playwright-core';
import { startPrintServer, type RunningPrintServer } from '../../tools/src/print-server/server.ts';
import { fakePrinter } from '../../tools/test/fake-printer.ts';
import { demoSession } from './support/demo-session.ts';

const SECRET = 'secret-de-la-boutique';
/** Windows-1252 as the printer receives it: latin1, plus € (0x80) and — (0x97) */
const cp1252 = (t: string) => Buffer.from(t.replace(/€/g, '\u0080').replace(/—/g, '\u0097'), 'latin1');

/** the text as read, every run of spaces (no-break ones included: Intl's amounts) one space */
const text = async (l: Locator) => (await l.innerText()).replace(/\s+/g, ' ').trim();

describe('pos in Chromium: open, sell, refund, close', function () {
  this.timeout(240_000);
  // each step continues the previous one's sale day
  this.bail(true);
  const s = demoSession(this, { plugins: ['pos'], shotPrefix: 'caisse' });
  let saleUrl = '';
  let printer: Awaited<ReturnType<typeof fakePrinter>> | undefined;
  let printServer: RunningPrintServer | undefined;
  after(async () => { await printServer?.close(); await printer?.close(); });

  const basket = () => s.page.getByTestId('pos-basket');
  const article = (name: string) => s.page.getByTestId('pos-article').filter({ hasText: name });

  it('opens the register with the counted drawer', async () => {
    const { page } = s;
    await page.setViewportSize({ width: 1024, height: 768 });
    await page.goto(`${s.url}/caisse`);
    const row = page.getByTestId('pos-registers').getByRole('row').filter({ hasText: 'Comptoir' });
    await row.getByRole('link', { name: 'Ouvrir' }).click();
    const counting = page.getByTestId('pos-counting');
    for (const [label, n] of [['20 €', 2], ['10 €', 2], ['5 €', 2], ['2 €', 5], ['1 €', 5], ['50 c', 4], ['20 c', 5], ['10 c', 5]] as const) {
      await counting.getByLabel(label, { exact: true }).fill(String(n));
    }
    expect(await text(page.getByTestId('pos-counted-total'))).to.equal('Total compté : 88,50 €');
    await page.getByRole('button', { name: 'Ouvrir la caisse' }).click();
    const result = page.getByTestId('pos-verification-result');
    await result.waitFor();
    expect(await text(result.getByRole('row').filter({ hasText: 'Montant compté' }))).to.equal('Montant compté 88,50 €');
    await page.getByRole('link', { name: 'Retour aux caisses' }).click();
    await page.getByTestId('pos-registers').getByRole('row').filter({ hasText: 'Comptoir' }).getByRole('link', { name: 'Vendre' }).click();
    await page.getByTestId('pos-sale').waitFor();
    saleUrl = page.url();
    expect(new URL(saleUrl).pathname).to.match(/^\/caisse\/[0-9a-f]{24}\/vente$/);
  });

  it('sells in cash: the change is shown, then on the receipt', async () => {
    const { page } = s;
    await article('Croissant au beurre').click();
    await article('Croissant au beurre').click();
    await article('Baguette tradition').click();
    expect(await basket().getByTestId('pos-basket-line').count()).to.equal(2);
    expect(await text(page.getByTestId('pos-total'))).to.equal('Total : 3,70 €');
    await page.keyboard.press('F8');
    const pad = page.getByTestId('pos-payment-pad');
    await pad.getByRole('group', { name: 'Espèces remises' }).getByRole('button', { name: '5 €', exact: true }).click();
    await pad.getByRole('button', { name: 'Encaisser les espèces' }).click();
    expect(await text(page.getByTestId('pos-change'))).to.equal('À rendre : 1,30 €');
    await s.shot('1-especes');
    await page.getByRole('button', { name: 'Valider la vente (F9)' }).click();
    const done = page.getByTestId('pos-last-receipt');
    await done.waitFor();
    expect(await text(done)).to.equal('Ticket 0000001 enregistré Total 3,70 € — monnaie rendue 1,30 €');
    expect(await basket().getByTestId('pos-basket-line').count()).to.equal(0);
  });

  it('sells by card an article read by a barcode scanner', async () => {
    const { page } = s;
    await page.getByRole('heading', { level: 1 }).click();
    // a scanner types in a few milliseconds per key, then Enter; « pain » is a keyword of the baguette
    await page.keyboard.type('pain', { delay: 0 });
    await page.keyboard.press('Enter');
    await basket().getByTestId('pos-basket-line').filter({ hasText: 'Baguette tradition' }).waitFor();
    await page.getByRole('button', { name: 'Encaisser (F8)' }).click();
    await page.getByRole('button', { name: 'Carte bancaire' }).click();
    await page.getByRole('button', { name: 'Ajouter le paiement' }).click();
    await page.keyboard.press('F9');
    await page.getByTestId('pos-last-receipt').filter({ hasText: 'Ticket 0000002' }).waitFor();
  });

  it('keeps the basket across a reload, then sells in cheque + cash', async () => {
    const { page } = s;
    await article('Tarte aux pralines').click();
    await page.reload();
    await basket().getByTestId('pos-basket-line').filter({ hasText: 'Tarte aux pralines' }).waitFor();
    expect(await text(page.getByTestId('pos-total'))).to.equal('Total : 21,00 €');
    await page.getByRole('button', { name: 'Encaisser (F8)' }).click();
    const pad = page.getByTestId('pos-payment-pad');
    await pad.getByRole('button', { name: 'Chèque' }).click();
    await pad.getByLabel('Montant').fill('15');
    await pad.getByRole('button', { name: 'Ajouter le paiement' }).click();
    expect(await text(page.getByTestId('pos-due'))).to.equal('Reste à payer : 6,00 €');
    await pad.getByRole('button', { name: 'Espèces', exact: true }).click();
    await pad.getByRole('button', { name: 'Montant exact' }).click();
    expect(await basket().getByTestId('pos-payment').allInnerTexts()).to.have.length(2);
    await s.shot('3-partage');
    await page.getByRole('button', { name: 'Valider la vente (F9)' }).click();
    await page.getByTestId('pos-last-receipt').filter({ hasText: 'Ticket 0000003' }).waitFor();
  });

  it('keeps a sale made without connection and sends it once when it is back', async () => {
    const { page } = s;
    await article('Pain au chocolat').click();
    await page.getByRole('button', { name: 'Encaisser (F8)' }).click();
    await page.getByRole('button', { name: 'Carte bancaire' }).click();
    await page.getByRole('button', { name: 'Ajouter le paiement' }).click();
    await page.context().setOffline(true);
    await page.getByRole('button', { name: 'Valider la vente (F9)' }).click();
    const banner = page.getByTestId('pos-offline');
    await banner.waitFor();
    expect(await text(banner)).to.contain('1 vente en attente : elle sera envoyée dès le retour de la connexion.');
    expect(await basket().getByTestId('pos-basket-line').count()).to.equal(0);
    await s.shot('4-hors-ligne');
    await page.context().setOffline(false);
    await banner.waitFor({ state: 'detached', timeout: 20_000 });
    const list = await page.evaluate(() => localStorage.getItem(Object.keys(localStorage).find((k) => k.startsWith('comptoir.pos.outbox.'))!));
    expect(JSON.parse(list!)).to.deep.equal([]);
  });

  it('refunds the cash sale from the receipts list', async () => {
    const { page } = s;
    await page.getByRole('link', { name: 'Tickets' }).click();
    const rows = page.getByTestId('pos-receipt-row');
    await rows.first().waitFor();
    // the offline sale was created once: four receipts
    expect(await rows.count()).to.equal(4);
    const first = rows.filter({ hasText: '0000001' });
    await first.getByRole('button', { name: 'Rembourser' }).click();
    const form = first.getByTestId('pos-refund-form');
    expect(await text(form)).to.contain('À rembourser : 3,70 €');
    // only one croissant goes back
    await form.getByLabel('Quantité remboursée de Baguette tradition').fill('0');
    await form.getByLabel('Quantité remboursée de Croissant au beurre').fill('1');
    expect(await text(form)).to.contain('À rembourser : 1,20 €');
    await form.getByRole('button', { name: 'Confirmer le remboursement' }).click();
    const message = page.getByTestId('pos-receipts-message');
    await message.waitFor();
    expect(await text(message)).to.equal('Ticket de remboursement 0000005 : -1,20 €.');
    await rows.filter({ hasText: 'Remboursement' }).waitFor();
    expect(await rows.count()).to.equal(5);
    await s.shot('5-remboursement');
  });

  it('shows the sales of the day on the home page', async () => {
    const { page } = s;
    await page.goto(`${s.url}/`);
    const widget = page.getByTestId('home-widget').filter({ hasText: 'Ventes du jour' });
    await widget.waitFor();
    // 3,70 + 1,30 + 21 + 1,35 − 1,20
    expect(await text(widget.getByTestId('home-figure').filter({ hasText: 'Ventes du jour TTC' }))).to.contain('26,15 €');
  });

  it('draws an X ticket, previews it and prints it on the register’s printer', async () => {
    const { page } = s;
    // the shop's printer: a TCP listener behind the print server; declared with the API as a manager would
    printer = await fakePrinter();
    printServer = await startPrintServer({ port: 0, host: '127.0.0.1', secret: SECRET, printer: { host: '127.0.0.1', port: printer.port } });
    const registerId = new URL(saleUrl).pathname.split('/')[2];
    const status = await page.evaluate(async ({ port, secret, registerId }) => {
      const headers = { Authorization: `Bearer ${localStorage.getItem('comptoir.token')}`, 'AT-Company': localStorage.getItem('comptoir.company')!, 'Content-Type': 'application/json' };
      const created = await (await fetch('/api/pos/print-servers', { method: 'POST', headers, body: JSON.stringify({ name: 'Imprimante du comptoir', ip: '127.0.0.1', port, secret, secured: false }) })).json();
      return (await fetch(`/api/pos/cash-registers/${registerId}`, { method: 'PUT', headers, body: JSON.stringify({ name: 'Comptoir', posPrinterId: created._id }) })).status;
    }, { port: printServer.port, secret: SECRET, registerId });
    expect(status).to.equal(200);
    await page.goto(`${s.url}/caisse`);
    await page.getByTestId('pos-registers').getByRole('row').filter({ hasText: 'Comptoir' }).getByRole('link', { name: 'X / Z' }).click();
    await page.getByTestId('pos-closings').waitFor();
    await page.getByRole('button', { name: 'Tirer un ticket X' }).click();
    const preview = page.getByTestId('pos-x-preview');
    await preview.waitFor();
    const lines = await text(preview.locator('pre, code').first());
    // four sales (3,70 + 1,30 + 21,00 + 1,35) and the refund (−1,20)
    for (const t of ['TICKET X — LECTURE', 'Ventes (4 tickets) 27,35 €', 'Remboursements (1 ticket) -1,20 €', 'Net TTC 26,15 €', 'ORIGINAL']) expect(lines, t).to.contain(t);
    await s.shot('6-ticket-x');
    await preview.getByRole('button', { name: 'Imprimer le ticket X' }).click();
    await page.getByTestId('pos-print-message').filter({ hasText: 'Ticket imprimé.' }).waitFor();
    const [bytes] = await printer.received();
    expect(bytes.indexOf(cp1252('TICKET X — LECTURE'))).to.be.at.least(0);
    expect(bytes.indexOf(cp1252('27,35 €'))).to.be.at.least(0);
    expect(bytes.subarray(-8).indexOf(Buffer.from([0x1d, 0x56, 0x01]))).to.be.at.least(0);
    // the preview now announces the next copy as a duplicate
    await preview.getByText('DUPLICATA n° 1').waitFor();
  });

  it('closes the register with its Z ticket: the difference is shown', async () => {
    const { page } = s;
    await page.goto(`${s.url}/caisse`);
    await page.getByTestId('pos-registers').getByRole('row').filter({ hasText: 'Comptoir' }).getByRole('link', { name: 'Clôturer' }).click();
    const counting = page.getByTestId('pos-counting');
    // expected: 88,50 + 3,70 (cash sale) + 6 (cash part of the split) − 1,20 (refund) = 97,00; counted 100
    await counting.getByLabel('50 €', { exact: true }).fill('2');
    await page.getByRole('button', { name: 'Clôturer la caisse' }).click();
    const result = page.getByTestId('pos-verification-result');
    await result.waitFor();
    expect(await text(result.getByRole('row').filter({ hasText: 'Montant attendu' }))).to.equal('Montant attendu 97,00 €');
    expect(await text(result.getByRole('row').filter({ hasText: 'Écart' }))).to.equal('Écart 3,00 €');
    const z = page.getByTestId('pos-z-result');
    await z.waitFor();
    expect(await text(z.getByRole('heading'))).to.equal('Ticket Z n° 0000001');
    expect(await text(z)).to.contain('écart de caisse 3,00 €');
    const zLines = await text(z.getByTestId('pos-z-preview').locator('pre, code').first());
    for (const t of ['TICKET Z — CLÔTURE', 'Écart de caisse 3,00 €', 'Grand total de la caisse', 'Perpétuel TTC']) expect(zLines, t).to.contain(t);
    await s.shot('7-cloture');
    await z.getByRole('button', { name: 'Imprimer le ticket Z' }).click();
    await z.getByTestId('pos-print-message').filter({ hasText: 'Ticket imprimé.' }).waitFor();
    const jobs = await printer!.received();
    expect(jobs).to.have.length(2);
    expect(jobs[1].indexOf(cp1252('Écart de caisse'))).to.be.at.least(0);
  });
});
