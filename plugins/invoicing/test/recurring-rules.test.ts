/** The rules of recurring invoices as plain functions (no HTTP, no database). */
import { expect } from 'chai';
import { isHttpError } from '@comptoir/sdk';
import type { CronRule } from '../schemas/index.ts';
import type { LineItem } from '@comptoir/schemas';
import { rulesFrom } from '../server/services/recurring/templates.ts';
import { restoreTemplateLabels } from '../server/services/recurring/recurring.ts';
import { ruleLists } from '../server/services/recurring/recurring-targets.ts';
import { withMentions } from '../server/services/emission/emission.ts';

const now = new Date('2026-01-15T10:00:00.000Z');
const later = new Date('2026-02-20T10:00:00.000Z');

describe('invoicing : règles des factures récurrentes', () => {
  it('identifiants par défaut sans collision, `since` gardé tant que la règle ne change pas de cron ni ne redevient automatique', () => {
    const first = rulesFrom([{ cron: '0 8 1 * *' }, { cron: '0 8 15 * *', identifier: 'regle-1' }, { cron: '0 9 * * 1', manualOnly: true }], [], now);
    expect(first.map((r) => r.identifier)).to.deep.equal(['regle-2', 'regle-1', 'regle-3']);
    expect(first.every((r) => r.since === now.toISOString())).to.equal(true);
    const second = rulesFrom([
      { cron: '0 8 1 * *', identifier: 'regle-2', customers: ['0123456789abcdef01234567', '0123456789abcdef01234567'] },
      { cron: '0 10 15 * *', identifier: 'regle-1' },
      { cron: '0 9 * * 1', identifier: 'regle-3', manualOnly: false },
    ], first, later);
    expect(second.map((r) => r.since)).to.deep.equal([now.toISOString(), later.toISOString(), later.toISOString()]);
    expect(second[0].customers).to.deep.equal(['0123456789abcdef01234567']);
  });

  it('refuse (400 nommant le champ) une expression illisible, plus fréquente qu’une fois l’heure, un identifiant en double', () => {
    const refused = (rules: Parameters<typeof rulesFrom>[0]) => {
      try {
        rulesFrom(rules, [], now);
      } catch (e) {
        if (isHttpError(e)) return [e.status, e.details[0]?.field, e.message];
        throw e;
      }
      return null;
    };
    expect(refused([{ cron: '0 8 1 * *' }, { cron: '*/20 8 * * *' }])).to.deep.equal([
      400, 'cronRules.1.cron', 'Règle 2 : une facture récurrente se répète au plus une fois par heure (« */20 8 * * * » est plus fréquent).',
    ]);
    // once an hour is the limit, allowed
    expect(refused([{ cron: '0 * * * *' }])).to.equal(null);
    expect(refused([{ cron: '*/30 * * * *' }])![1]).to.equal('cronRules.0.cron');
    expect(refused([{ cron: '0 8 1 13 *' }])![1]).to.equal('cronRules.0.cron');
    expect(refused([{ cron: '0 8 1 * *', identifier: 'a' }, { cron: '0 8 2 * *', identifier: ' a ' }])![1]).to.equal('cronRules.1.identifier');
  });

  it('les listes d’une règle : celles du modèle, ou les siennes quand elle les remplace', () => {
    const template = { fk: { company: 'c', customers: ['t1'], customerGroups: ['g1'] } };
    const rule = (o: Partial<CronRule>): CronRule => ({
      cron: '0 8 1 * *', identifier: 'r', manualOnly: false, overrideCustomerGroups: false, overrideCustomers: false, customers: ['r1'], customerGroups: ['g2'], ...o,
    });
    expect(ruleLists(template, rule({}))).to.deep.equal({ customers: ['t1'], groups: ['g1'] });
    expect(ruleLists(template, rule({ overrideCustomers: true }))).to.deep.equal({ customers: ['r1'], groups: ['g1'] });
    expect(ruleLists(template, rule({ overrideCustomerGroups: true }))).to.deep.equal({ customers: ['t1'], groups: ['g2'] });
    expect(ruleLists(template, rule({ overrideCustomerGroups: true, customerGroups: [] }))).to.deep.equal({ customers: ['t1'], groups: [] });
  });

  it('INVOICE_MONTH / INVOICE_YEAR au mois de l’occurrence à Paris ; les libellés du modèle reviennent sur la copie, sauf ceux changés à la main', () => {
    const line = (uuid: string, labelPrimary: string, labelSecondary?: string): LineItem => ({
      uuid, labelPrimary, ...(labelSecondary === undefined ? {} : { labelSecondary }), quantity: 1, vat: 20, exclTaxesPrice: 10, inclTaxesPrice: 12, type: 'service',
    });
    // 31 December 23:30 UTC is already January in Paris
    const filled = withMentions([line('a', 'Loyer INVOICE_MONTH INVOICE_YEAR', 'INVOICE_MONTH')], '2025-12-31T23:30:00.000Z');
    expect(filled[0]).to.include({ labelPrimary: 'Loyer janvier 2026', labelSecondary: 'janvier' });
    const trace = {
      identifier: 'r', occurrence: '2026-01-01T07:00:00.000Z',
      labels: { a: { labelPrimary: 'Loyer INVOICE_MONTH INVOICE_YEAR', labelSecondary: 'INVOICE_MONTH' }, b: { labelPrimary: 'Option INVOICE_MONTH' } },
    };
    const restored = restoreTemplateLabels([line('a', 'Loyer janvier 2026', 'janvier'), line('b', 'Option changée'), line('c', 'Ajoutée')], trace);
    expect(restored.map((l) => [l.labelPrimary, l.labelSecondary])).to.deep.equal([
      ['Loyer INVOICE_MONTH INVOICE_YEAR', 'INVOICE_MONTH'], ['Option changée', undefined], ['Ajoutée', undefined],
    ]);
    expect(restoreTemplateLabels([line('a', 'Loyer janvier 2026')], undefined)[0].labelPrimary).to.equal('Loyer janvier 2026');
  });
});
