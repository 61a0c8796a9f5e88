/** « Ventes du jour » on the home page (server/dashboard.ts): empty, then the net of today's sales and refunds. */
import { expect } from 'chai';
import type { DashboardView, WidgetFigure } from '@comptoir/sdk';
import type { TestKernel } from '@comptoir/sdk/testing';
import type { CashRegister, Receipt } from '../schemas/index.ts';
import { todayFilter } from '../server/dashboard.ts';
import { API, bootKernel, ok } from './support.ts';
import { cardSale, openRegister } from './receipts-support.ts';

describe('pos : ventes du jour (tableau de bord)', function () {
  this.timeout(90_000);
  let k: TestKernel;
  let register: CashRegister;
  before(async () => {
    k = await bootKernel();
    register = await openRegister(k);
  });
  after(async () => { await k?.stop(); });

  const widget = async () => {
    const view = (await k.http.get('/api/kernel/dashboard')).body as DashboardView;
    return view.widgets.find((w) => w.id === 'pos.sales-of-the-day')!;
  };

  it('dit quoi faire tant qu’aucun ticket n’est passé', async () => {
    const w = await widget();
    expect(w.title).to.equal('Ventes du jour');
    expect(w.content!.empty!.message).to.contain('Aucun ticket de caisse aujourd’hui');
  });

  it('montre le net du jour TTC, remboursements déduits, et leur nombre', async () => {
    await cardSale(k.http, register._id, 4.5);
    const second = await cardSale(k.http, register._id, 12.3);
    const refund = await ok<Receipt>(k.http.post(`${API}/receipts/${second._id}/refund`, { payments: [{ mode: 'cb', amount: 12.3 }] }), 201);
    expect(refund.inclTaxesPrice).to.equal(-12.3);
    const [sales, refunds] = (await widget()).content!.figures as WidgetFigure[];
    expect(sales).to.include({ label: 'Ventes du jour TTC', value: '4.50', unit: 'money' });
    expect(sales.hint).to.equal('2 tickets, remboursements déduits');
    expect(refunds).to.include({ value: '-12.30', hint: '1 remboursement', tone: 'warning' });
  });

  it('prend le jour de Paris : 23 h UTC en hiver est déjà le lendemain', () => {
    expect(todayFilter(new Date('2026-01-14T23:30:00Z'))).to.deep.include({ startDate: '2026-01-14T23:00:00.000Z', endDate: '2026-01-15T22:59:59.999Z' });
  });
});
