/** The cron helper of the « Factures récurrentes » screen: form ⇄ expression and French sentences. */
import { expect } from 'chai';
import { cronFromForm, describeCron, DEFAULT_FORM, formFromCron, nextDates } from '../src/recurring/cronText.ts';

describe('invoicing client : aide aux expressions cron', () => {
  it('dit les formes usuelles comme on les dit', () => {
    expect(describeCron('0 8 1 * *')).to.equal('chaque 1er du mois à 8 h');
    expect(describeCron('30 7 15 * *')).to.equal('chaque 15 du mois à 7 h 30');
    expect(describeCron('0 8 L * *')).to.equal('le dernier jour de chaque mois à 8 h');
    expect(describeCron('0 9 * * 1')).to.equal('chaque lundi à 9 h');
    expect(describeCron('0 6 * * *')).to.equal('chaque jour à 6 h');
    expect(describeCron('0 8 1 1 *')).to.equal('chaque année le 1er janvier à 8 h');
    expect(describeCron('0 8 1 1,4,7,10 *')).to.match(/^à 08:00, le 1 du mois, uniquement en janvier, avril, juillet, et octobre$/i);
    expect(describeCron('0 8 32 * *')).to.equal(null);
  });

  it('le formulaire fait l’expression et la relit', () => {
    for (const cron of ['0 8 1 * *', '15 9 * * 5', '0 7 * * *', '0 8 L * *', '0 10 31 12 *']) {
      expect(cronFromForm(formFromCron(cron))).to.equal(cron);
    }
    expect(formFromCron('0 8 1-7 * 1').frequency).to.equal('custom');
    expect(cronFromForm({ ...DEFAULT_FORM, frequency: 'weekly', weekday: 3, hour: 18, minute: 45 })).to.equal('45 18 * * 3');
  });

  it('les 5 prochaines dates, à Paris', () => {
    expect(nextDates('0 8 1 * *', new Date('2026-02-15T00:00:00Z')).map((d) => d.toISOString())).to.deep.equal([
      '2026-03-01T07:00:00.000Z', '2026-04-01T06:00:00.000Z', '2026-05-01T06:00:00.000Z', '2026-06-01T06:00:00.000Z', '2026-07-01T06:00:00.000Z',
    ]);
    expect(nextDates('n’importe quoi', new Date())).to.deep.equal([]);
  });
});
