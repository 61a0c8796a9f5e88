/** The home page's periods, comparisons and Paris boundaries (server/services/dashboard/periods.ts). */
import { expect } from 'chai';
import { parisEndOf, parisStartOf } from '@comptoir/sdk/commerce';
import { dateFilter, lastOverdueDay, monthToDate, percentChange, periodLabel, rangeQuery, wholeMonth, yearBefore, yearToDate } from '../server/services/dashboard/periods.ts';

const d = (year: number, month: number, day: number) => ({ year, month, day });

describe('tableau de bord : périodes et comparaisons', () => {
  it('le mois et l’année à ce jour, et les mêmes jours un an avant (29 février → 28)', () => {
    expect(monthToDate(d(2026, 11, 27))).to.deep.equal({ from: d(2026, 11, 1), to: d(2026, 11, 27) });
    expect(yearToDate(d(2026, 11, 27))).to.deep.equal({ from: d(2026, 1, 1), to: d(2026, 11, 27) });
    expect(yearBefore(monthToDate(d(2028, 2, 29)))).to.deep.equal({ from: d(2027, 2, 1), to: d(2027, 2, 28) });
    expect(wholeMonth(2024, 2).to).to.deep.equal(d(2024, 2, 29));
  });

  it('les bornes sont celles de Paris, heure d’hiver et d’été', () => {
    expect(parisStartOf(d(2026, 11, 1)).toISOString()).to.equal('2026-10-31T23:00:00.000Z');
    expect(parisStartOf(d(2026, 7, 1)).toISOString()).to.equal('2026-06-30T22:00:00.000Z');
    // the day the clocks go back (25 October 2026): 25 hours
    expect(parisEndOf(d(2026, 10, 25)).toISOString()).to.equal('2026-10-25T22:59:59.999Z');
    expect(parisStartOf(d(2026, 3, 29)).toISOString()).to.equal('2026-03-28T23:00:00.000Z');
    expect(dateFilter(monthToDate(d(2026, 11, 27)))).to.deep.equal({
      mode: 'between', valueIsDate: true, startDate: '2026-10-31T23:00:00.000Z', endDate: '2026-11-27T22:59:59.999Z',
    });
    expect(rangeQuery(monthToDate(d(2026, 11, 27)))).to.equal('du=2026-11-01&au=2026-11-27');
  });

  it('en retard : échue à 30 jours calendaires, le lendemain de l’échéance', () => {
    // an invoice of 27 October 2026 is due on 26 November: overdue on the 27th
    expect(lastOverdueDay(d(2026, 11, 27))).to.deep.equal(d(2026, 10, 27));
    expect(lastOverdueDay(d(2026, 3, 1))).to.deep.equal(d(2026, 1, 29));
  });

  it('les variations en pour cent, exactes, sans division par zéro', () => {
    expect(percentChange('250.10', '100.00')).to.equal('150');
    expect(percentChange('0.10', '0.30')).to.equal('-67');
    expect(percentChange('100.00', '-50.00')).to.equal('300');
    expect(percentChange('100.00', '0.00')).to.equal(null);
    expect(percentChange('100.50', '100.00')).to.equal('1');
  });

  it('les noms des périodes', () => {
    expect(periodLabel({ from: d(2025, 11, 1), to: d(2025, 11, 27) })).to.equal('du 1er au 27 novembre 2025');
    expect(periodLabel(wholeMonth(2025, 11))).to.equal('novembre 2025');
    expect(periodLabel({ from: d(2025, 1, 1), to: d(2025, 11, 27) })).to.equal('du 1er janvier au 27 novembre 2025');
  });
});
