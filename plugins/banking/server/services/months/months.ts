/**
 * `GET /months` (README « Months »): the spec's MonthInfo per month, merged from the rows kept per
 * account and month by the ledger; `accounts` lists each account's line.
 */
import { Decimal } from 'decimal.js';
import { badRequest, type CallContext } from '@comptoir/sdk';
import type { AccountMonth, MonthInfo, MonthLine } from '../../../schemas/index.ts';
import { AccountMonths } from '../../entities.ts';

export interface MonthsQuery { from?: string; to?: string; accounts?: string }

function accountIds(raw: string | undefined): string[] | undefined {
  if (!raw) return undefined;
  let ids: unknown = [raw];
  if (raw.trim().startsWith('[')) {
    try { ids = JSON.parse(raw); } catch { ids = null; }
  }
  if (!Array.isArray(ids) || ids.some((x) => typeof x !== 'string' || !/^[0-9a-f]{24}$/.test(x))) {
    throw badRequest('« accounts » doit être un identifiant de compte ou une liste JSON d’identifiants.', [{ field: 'accounts', message: 'identifiants attendus' }]);
  }
  return ids as string[];
}

function addLines(into: Map<string, MonthLine>, lines: MonthLine[]) {
  for (const l of lines) {
    const cur = into.get(l.id);
    if (!cur) { into.set(l.id, { ...l }); continue; }
    cur.income = new Decimal(cur.income).plus(l.income).toNumber();
    cur.outcome = new Decimal(cur.outcome).plus(l.outcome).toNumber();
    cur.total = new Decimal(cur.total).plus(l.total).toNumber();
    cur.count += l.count;
  }
}

/** Plain: account rows → one MonthInfo per month, months ascending. */
export function mergeMonths(rows: AccountMonth[]): MonthInfo[] {
  type Acc = { categories: Map<string, MonthLine>; subCategories: Map<string, MonthLine>; accounts: MonthLine[] };
  const months = new Map<string, Acc>();
  for (const r of rows) {
    const m: Acc = months.get(r.date) ?? { categories: new Map(), subCategories: new Map(), accounts: [] };
    months.set(r.date, m);
    addLines(m.categories, r.categories);
    addLines(m.subCategories, r.subCategories);
    m.accounts.push({ id: r.fk.account, income: r.income, outcome: r.outcome, total: r.total, count: r.count });
  }
  const sum = (lines: MonthLine[], k: 'income' | 'outcome' | 'total') => lines.reduce((s, l) => s.plus(l[k]), new Decimal(0)).toNumber();
  return [...months.entries()].sort(([a], [b]) => (a < b ? -1 : 1)).map(([date, m]) => ({
    date,
    categories: [...m.categories.values()],
    subCategories: [...m.subCategories.values()],
    accounts: m.accounts,
    income: sum(m.accounts, 'income'), outcome: sum(m.accounts, 'outcome'), total: sum(m.accounts, 'total'),
  }));
}

export function monthsService(ctx: CallContext) {
  return {
    /** not a paginated list (API.md « Lists »): every month asked, at once; unknown parameters are refused */
    async list(query: MonthsQuery): Promise<{ data: MonthInfo[]; count: number }> {
      const filters: Record<string, object> = {};
      if (query.from && query.to) filters.date = { mode: 'between', value: [query.from, query.to] };
      else if (query.from) filters.date = { mode: 'gte', value: query.from };
      else if (query.to) filters.date = { mode: 'lte', value: query.to };
      const ids = accountIds(query.accounts);
      if (ids) filters['fk.account'] = { mode: 'in', value: ids };
      const rows: AccountMonth[] = [];
      let cursor: string | undefined;
      do {
        const page = await ctx.repo(AccountMonths).list({ filters, sort: { field: 'date', ascending: true }, pagination: cursor ? { quantity: 500, cursor } : { quantity: 500, page: 1 } });
        rows.push(...page.data);
        cursor = page.next ?? undefined;
      } while (cursor && rows.length < 50_000);
      const data = mergeMonths(rows);
      return { data, count: data.length };
    },
  };
}

export type MonthsService = ReturnType<typeof monthsService>;
