/**
 * A third-party plugin plugging into extension points it does not own, with no change to the
 * platform: examples/tip-jar (« Pourboires ») adds a widget to the home page (the platform's
 * `kernel.dashboard-widgets`), its entries to the FEC export (invoicing's
 * `invoicing.accounting-entries`) and its tips to the invoice they were left with (a declared
 * optional reference `fk.invoice`, checked by the platform, read back through
 * `kernel.record-links`), without depending on invoicing. Without invoicing it still boots, its
 * accounting contribution left aside and no tip linked to an invoice.
 */
import path from 'node:path';
import { expect } from 'chai';
import { createTestKernel, type TestKernel } from '@comptoir/sdk/testing';
import type { RecordLinksGroup, WidgetContent } from '@comptoir/sdk';
import { ELIGIBLE_COMPANY, PLUGINS, updateCompany } from '../../plugins/invoicing/test/support.ts';
import { fetchFec, parseFec } from '../../plugins/invoicing/test/fec-support.ts';

const TIP_JAR = path.resolve(import.meta.dirname, '../../examples/tip-jar');

/** The home page's widgets of the active company, as the shell reads them. */
async function widgetsOf(k: TestKernel): Promise<Record<string, WidgetContent>> {
  const res = await k.http.get('/api/kernel/dashboard');
  expect(res.status, JSON.stringify(res.body)).to.equal(200);
  return Object.fromEntries((res.body.widgets as { id: string; content: WidgetContent }[]).map((w) => [w.id, w.content]));
}

describe('third-party plugin contributing through extension points (examples/tip-jar)', function () {
  this.timeout(90_000);
  let k: TestKernel;
  const now = new Date('2026-11-20T10:00:00.000Z');

  before(async () => {
    k = await createTestKernel({ plugins: [...PLUGINS, TIP_JAR], now: () => now });
    await updateCompany(k, ELIGIBLE_COMPANY);
  });
  after(async () => { await k?.stop(); });

  it('records tips in euros and cents, refuses a third decimal in French and stores nothing', async () => {
    const bad = await k.http.post('/api/tip-jar/tips', { amount: 2.555 });
    expect(bad.status).to.equal(400);
    expect(bad.body.message).to.equal('Le montant d’un pourboire s’exprime en euros et centimes.');
    expect((await k.http.get('/api/tip-jar/tips')).body.count).to.equal(0);
    expect((await k.http.post('/api/tip-jar/tips', { amount: 2.5, date: '2026-11-19T17:30:00.000Z' })).status).to.equal(201);
    expect((await k.http.post('/api/tip-jar/tips', { amount: 1.2, date: '2026-11-02T08:00:00.000Z' })).status).to.equal(201);
    // October: not this month's
    expect((await k.http.post('/api/tip-jar/tips', { amount: 4, date: '2026-10-31T22:30:00.000Z' })).status).to.equal(201);
  });

  it('puts its widget on the home page: this month’s tips, in Paris time', async () => {
    const widgets = await widgetsOf(k);
    // 2026-10-31T22:30Z is 23:30 in Paris on 31 October: not November
    expect(widgets['tip-jar.tips-of-the-month']).to.deep.equal({
      figures: [{ label: 'Pourboires du mois', value: '3.70', unit: 'money', hint: '2 pourboires' }],
    });
  });

  it('puts its entries in the FEC export of invoicing, which does not know it', async () => {
    const fec = await fetchFec(k.http, '2026');
    expect(fec.status, JSON.stringify(fec.error)).to.equal(200);
    const tipLines = parseFec(fec.text).records.filter((r) => r.PieceRef.startsWith('PB-'));
    expect(tipLines.map((r) => `${r.CompteNum} ${r.CompteLib} ${r.Debit} ${r.Credit}`).sort()).to.deep.equal([
      '530000 Caisse 1,20 0,00', '530000 Caisse 2,50 0,00', '530000 Caisse 4,00 0,00',
      '758800 Pourboires reçus 0,00 1,20', '758800 Pourboires reçus 0,00 2,50', '758800 Pourboires reçus 0,00 4,00',
    ]);
  });

  it('links a tip to an invoice of the company (checked by the platform) and shows it on that invoice', async () => {
    const invoice = await k.http.post('/api/invoicing/invoices', { items: [{ labelPrimary: 'Menu du jour', vat: 10, inclTaxesPrice: 18 }] });
    expect(invoice.status).to.equal(201);
    const foreign = '0123456789abcdef01234567';
    const refused = await k.http.post('/api/tip-jar/tips', { amount: 3, fk: { invoice: foreign } });
    expect(refused.status).to.equal(400);
    expect(refused.body.message).to.equal(`fk.invoice : aucune facture de cette entreprise ne porte l’identifiant ${foreign}.`);
    const tip = await k.http.post('/api/tip-jar/tips', { amount: 3, note: 'Table 4', date: '2026-11-20T09:00:00.000Z', fk: { invoice: invoice.body._id } });
    expect(tip.status, JSON.stringify(tip.body)).to.equal(201);
    const links = await k.http.get(`/api/kernel/links/invoicing/invoices/${invoice.body._id}`);
    expect(links.status).to.equal(200);
    expect(links.body.data as RecordLinksGroup[]).to.deep.equal([{
      id: 'tip-jar.invoice-tips', plugin: 'tip-jar', label: 'Pourboires',
      items: [{ _id: tip.body._id, label: 'Pourboire — Table 4', date: '2026-11-20T09:00:00.000Z', amount: '3.00' }],
    }]);
  });

  it('boots without invoicing: the accounting contribution is left aside, the widget stays', async () => {
    const alone = await createTestKernel({ plugins: [TIP_JAR], now: () => now });
    try {
      expect((await alone.http.post('/api/tip-jar/tips', { amount: 5 })).status).to.equal(201);
      const widgets = await widgetsOf(alone);
      expect(widgets['tip-jar.tips-of-the-month'].figures?.[0].value).to.equal('5.00');
      // no invoice to leave a tip with: any id is refused, in French; nothing to ask links about
      const refused = await alone.http.post('/api/tip-jar/tips', { amount: 2, fk: { invoice: '0123456789abcdef01234567' } });
      expect(refused.status).to.equal(400);
      expect(refused.body.message).to.include('le plugin « invoicing » n’est pas installé');
      expect((await alone.http.get('/api/kernel/links/invoicing/invoices/0123456789abcdef01234567')).status).to.equal(404);
    } finally {
      await alone.stop();
    }
  });
});
