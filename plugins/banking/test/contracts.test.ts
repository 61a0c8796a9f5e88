/** A contract's schedule (services/contracts/next-payments.ts), plain: periods on the calendar, the next ones from today. */
import { expect } from 'chai';
import { addPeriods, contractSchedule, nextOccurrences } from '../server/services/contracts/next-payments.ts';

describe('banking: contracts\' expected payments', () => {
  it('adds months on the calendar, the 31st falling on the month\'s last day', () => {
    expect(addPeriods('2026-01-31', 'monthly', 1)).to.equal('2026-02-28');
    expect(addPeriods('2028-01-31', 'monthly', 1)).to.equal('2028-02-29');
    expect(addPeriods('2026-01-31', 'monthly', 3)).to.equal('2026-04-30');
    expect(addPeriods('2026-11-15', 'quarterly', 1)).to.equal('2027-02-15');
    expect(addPeriods('2026-11-15', 'half-yearly', 2)).to.equal('2027-11-15');
    expect(addPeriods('2026-12-28', 'weekly', 1)).to.equal('2027-01-04');
    expect(addPeriods('2026-03-10', 'bimonthly', 5)).to.equal('2027-01-10');
  });

  it('gives the next payments from today on, a contract started long ago included', () => {
    expect(nextOccurrences('2010-05-10T12:00:00.000Z', 'monthly', '2026-11-27', 3)).to.deep.equal(['2026-12-10', '2027-01-10', '2027-02-10']);
    expect(nextOccurrences('2026-11-27T12:00:00.000Z', 'yearly', '2026-11-27', 2)).to.deep.equal(['2026-11-27', '2027-11-27']);
    expect(nextOccurrences('2026-01-05T12:00:00.000Z', 'weekly', '2026-11-27', 2)).to.deep.equal(['2026-11-30', '2026-12-07']);
    expect(nextOccurrences('2026-01-05T12:00:00.000Z', 'none', '2026-11-27', 3)).to.deep.equal([]);
    expect(nextOccurrences('2027-01-05T12:00:00.000Z', 'none', '2026-11-27', 3)).to.deep.equal(['2027-01-05']);
    expect(nextOccurrences(null, 'monthly', '2026-11-27', 3)).to.deep.equal([]);
  });

  it('the next renewal from the start date', () => {
    const schedule = contractSchedule({ firstPaymentDate: '2024-02-01T12:00:00.000Z', startDate: '2024-01-15T12:00:00.000Z', paymentFrequency: 'quarterly', renewFrequency: 'yearly' }, new Date('2026-11-27T10:00:00.000Z'));
    expect(schedule).to.deep.equal({ nextPayments: ['2027-02-01', '2027-05-01', '2027-08-01'], nextRenewal: '2027-01-15' });
  });
});
