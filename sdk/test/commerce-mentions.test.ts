import { expect } from 'chai';
import { replaceInvoiceMentions } from '../src/commerce/index.ts';

describe('commerce — invoice mentions INVOICE_MONTH / INVOICE_YEAR (commerce README « Rules », Mentions)', () => {
  const months = ['janvier', 'février', 'mars', 'avril', 'mai', 'juin', 'juillet', 'août', 'septembre', 'octobre', 'novembre', 'décembre'];

  months.forEach((name, i) => {
    it(`month ${i + 1} is « ${name} »`, () => {
      const date = new Date(Date.UTC(2025, i, 15, 12));
      expect(replaceInvoiceMentions('Abonnement INVOICE_MONTH INVOICE_YEAR', date)).to.equal(`Abonnement ${name} 2025`);
    });
  });

  it('uses the Paris calendar: 23:30 UTC on the last day of a month is already the next month', () => {
    expect(replaceInvoiceMentions('INVOICE_MONTH INVOICE_YEAR', '2024-01-31T23:30:00.000Z')).to.equal('février 2024'); // UTC+1
    expect(replaceInvoiceMentions('INVOICE_MONTH INVOICE_YEAR', '2024-06-30T23:30:00.000Z')).to.equal('juillet 2024'); // UTC+2
    expect(replaceInvoiceMentions('INVOICE_MONTH INVOICE_YEAR', '2024-12-31T23:30:00.000Z')).to.equal('janvier 2025');
    // 21:30 UTC on 31 March (summer time) is 23:30 in Paris: still March
    expect(replaceInvoiceMentions('INVOICE_MONTH', '2024-03-31T21:30:00.000Z')).to.equal('mars');
  });

  it('replaces every occurrence and leaves other text alone', () => {
    expect(replaceInvoiceMentions('INVOICE_MONTH/INVOICE_MONTH — INVOICE_YEAR, INVOICE_YEAR', '2024-08-01')).to.equal('août/août — 2024, 2024');
    expect(replaceInvoiceMentions('Maintenance', '2024-08-01')).to.equal('Maintenance');
  });

  it('leaves the label unchanged when the date cannot be read', () => {
    expect(replaceInvoiceMentions('INVOICE_MONTH', 'pas une date')).to.equal('INVOICE_MONTH');
  });
});
