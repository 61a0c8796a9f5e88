/** The monthly view's numbers (client/src/months/monthSeries.ts) and the inbox's groups (client/src/matching/groups.ts). */
import { expect } from 'chai';
import { monthName, monthRange, monthSeries, namedLines } from '../src/months/monthSeries.ts';
import { groupByOperation } from '../src/matching/groups.ts';
import type { MonthInfo, Suggestion } from '../src/api.ts';

const month = (date: string, income: number, outcome: number): MonthInfo => ({ date, income, outcome, total: Number((income - outcome).toFixed(2)), categories: [], subCategories: [], accounts: [] });

describe('banking (screens): months and suggestions', () => {
  it('lists the months of a range across a year, and names them in French', () => {
    expect(monthRange('2026-02', 4)).to.deep.equal(['2025-11', '2025-12', '2026-01', '2026-02']);
    expect(monthName('2026-08')).to.equal('août 2026');
  });

  it('works the balance at each month’s end back from today’s, exactly', () => {
    const data = [month('2026-01', 1000.1, 200.2), month('2026-03', 0.1, 0.2), month('2026-04', 50, 0)];
    // today's balance 10 000,00 includes April (after the range): March ends at 9 950,00
    expect(monthSeries(['2026-01', '2026-02', '2026-03'], data, 10000, 50)).to.deep.equal([
      { month: '2026-01', income: 1000.1, outcome: 200.2, balance: 9950.1 },
      { month: '2026-02', income: 0, outcome: 0, balance: 9950.1 },
      { month: '2026-03', income: 0.1, outcome: 0.2, balance: 9950 },
    ]);
  });

  it('names a month’s categories, the biggest first, « Non classé » for none', () => {
    const lines = namedLines([
      { id: 'none', income: 0, outcome: 10, total: -10, count: 1 },
      { id: 'a', income: 500, outcome: 0, total: 500, count: 2 },
      { id: 'gone', income: 0, outcome: 40, total: -40, count: 1 },
    ], new Map([['a', 'Ventes']]));
    expect(lines.map((l) => l.name)).to.deep.equal(['Ventes', 'Catégorie supprimée', 'Non classé']);
  });

  it('groups the suggestions by operation in the order of their best', () => {
    const s = (id: string, operation: string) => ({ _id: id, fk: { operation } }) as unknown as Suggestion;
    expect(groupByOperation([s('1', 'b'), s('2', 'a'), s('3', 'b')]).map((g) => [g.operation, g.suggestions.map((x) => x._id)]))
      .to.deep.equal([['b', ['1', '3']], ['a', ['2']]]);
  });
});
