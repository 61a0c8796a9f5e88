import { expect } from 'chai';
import { Decimal } from 'decimal.js';
import { entryLine, goodsAndServices, loadByIds, paymentTreasury, periodFilter, readAllPages, type ListParams } from '../src/index.ts';

describe('accounting helpers — what plugins contributing entries share', () => {
  it('puts a line on its usual side, a negative amount on the other', () => {
    expect(entryLine('supplier', new Decimal('120.5'), 'credit', { auxiliary: { number: 'FDIVERS', label: 'Fournisseurs divers' } }))
      .to.deep.equal({ account: 'supplier', auxiliary: { number: 'FDIVERS', label: 'Fournisseurs divers' }, credit: '120.50' });
    expect(entryLine('purchasesGoods', new Decimal('-0.015').toDecimalPlaces(2), 'debit')).to.deep.equal({ account: 'purchasesGoods', credit: '0.02' });
    expect(entryLine('bank', new Decimal(0), 'debit')).to.deep.equal({ account: 'bank', debit: '0.00' });
  });

  it('splits a rate between goods (their line totals) and services (the rest of the rate)', () => {
    const good = (quantity: number, exclTaxesPrice: number) => ({ type: 'good', quantity, exclTaxesPrice });
    const service = (exclTaxesPrice: number) => ({ type: 'service', quantity: 1, exclTaxesPrice });
    const text = (r: { goods: Decimal; services: Decimal }) => [r.goods.toFixed(2), r.services.toFixed(2)];
    expect(text(goodsAndServices([good(3, 0.333), service(10)], new Decimal('11.01')))).to.deep.equal(['1.00', '10.01']);
    expect(text(goodsAndServices([good(3, 0.333), good(1, 2)], new Decimal('2.99')))).to.deep.equal(['2.99', '0.00']);
    expect(text(goodsAndServices([service(5)], new Decimal('5')))).to.deep.equal(['0.00', '5.00']);
    expect(text(goodsAndServices([good(-2, 1.5), service(-4)], new Decimal('-7')))).to.deep.equal(['-3.00', '-4.00']);
  });

  it('filters a period with its end left out', () => {
    expect(periodFilter({ start: '2024-12-31T23:00:00.000Z', end: '2025-12-31T23:00:00.000Z' })).to.deep.equal({
      mode: 'between', valueIsDate: true, startDate: '2024-12-31T23:00:00.000Z', endDate: '2025-12-31T22:59:59.999Z',
    });
  });

  it('reads every page, following the cursor', async () => {
    const calls: ListParams[] = [];
    const rows = await readAllPages({
      async list(params: ListParams) {
        calls.push(params);
        const page = params.pagination?.cursor === 'c2' ? 2 : 1;
        return { data: page === 1 ? [1, 2] : [3], count: 3, next: page === 1 ? 'c2' : null, aggregation: {} };
      },
    }, { date: { mode: 'exists', value: true } });
    expect(rows).to.deep.equal([1, 2, 3]);
    expect(calls.map((c) => c.pagination)).to.deep.equal([{ quantity: 500 }, { quantity: 500, cursor: 'c2' }]);
    expect(calls[0].sort).to.deep.equal({ field: 'date', ascending: true });
  });

  it('loads records by id once each, by pages, without the blanks', async () => {
    const asked: string[][] = [];
    const ids = Array.from({ length: 1001 }, (_, i) => `id${i}`);
    const found = await loadByIds([...ids, 'id3', null, undefined, ''], async (page) => { asked.push(page); return page.slice(1).map((_id) => ({ _id })); });
    expect(asked.map((a) => a.length)).to.deep.equal([500, 500, 1]);
    expect(found.size).to.equal(998);
    expect(found.get('id3')).to.deep.equal({ _id: 'id3' });
  });

  it('sends cash to the cash journal, a gift card where the caller says, credits nowhere', () => {
    const advances = { journal: 'miscellaneous', account: 'supplierAdvances' } as const;
    expect(paymentTreasury('cash', advances)).to.deep.equal({ journal: 'cash', account: 'cash' });
    for (const mode of ['cb', 'transfer', 'check', 'debit', 'amex', 'paypal', 'nfc', 'unknown'] as const) {
      expect(paymentTreasury(mode, advances), mode).to.deep.equal({ journal: 'bank', account: 'bank' });
    }
    expect(paymentTreasury('gift-card', advances)).to.equal(advances);
    expect([paymentTreasury('credit', advances), paymentTreasury('credit-compensation', advances)]).to.deep.equal([null, null]);
  });
});
