/**
 * Lists answered from the maintained totals (README.md here, « Reads »): when every filter falls
 * on a dimension in a way that dimension decides, and every aggregation sums or averages a
 * maintained field, the count and the aggregations are one SUM over the company's groups —
 * a few rows, whatever the number of documents. Anything else (a date range, a customer, a
 * search, a user property, an aggregation of another field) returns null: the list counts over
 * the documents as before.
 */
import type { Knex } from 'knex';
import type { ColumnSpec } from '../columns.ts';
import type { FilterMode, FilterParam } from '../list-params.ts';
import type { TotalsSpec } from './spec.ts';

export interface TotalsSource {
  spec: TotalsSpec;
  companyId: string;
}

type Where = (qb: Knex.QueryBuilder) => void;

/** What list-query.ts lends: its own filter compiler, so that a totals column is filtered exactly as its document column. */
export interface FilterTools {
  compile(f: FilterParam, col: ColumnSpec): Where | null;
  /** the DB value of a filter value on `col` (a 400 when malformed) */
  dbValue(col: ColumnSpec, v: unknown): unknown;
  /** the mode a filter runs with (no mode given: an exact match on numbers and ids) */
  modeOf(f: FilterParam, col: ColumnSpec): FilterMode;
  parseBool(v: unknown): boolean | undefined;
}

export interface TotalsAggregation { col: ColumnSpec }

const SIGN_MODES: ReadonlySet<FilterMode> = new Set<FilterMode>(['gt', 'gte', 'lt', 'lte', 'eq', 'neq', 'in', 'exists']);

/** The condition on the totals table equivalent to `f` on the documents, or null when the totals cannot tell. */
function onDimension(source: TotalsSource, f: FilterParam, col: ColumnSpec, tools: FilterTools): Where | null {
  if (col.expr || col.items || col.filterValue) return null;
  const d = source.spec.dimensions.find((x) => x.field === col.path);
  if (!d) return null;
  const mode = tools.modeOf(f, col);
  switch (d.by) {
    case 'value':
      // the group holds the very value: any condition on it selects the same documents
      // (a search index belongs to the documents' table: the totals' column is compared as such)
      return tools.compile(f, { ...col, column: d.column, searchIndex: undefined });
    case 'presence': {
      let present: boolean | undefined;
      if (mode === 'exists') present = f.value === undefined ? true : tools.parseBool(f.value);
      else if ((mode === 'eq' || mode === 'neq') && f.value === null) present = mode === 'neq';
      if (present === undefined) return null;
      const g = present ? 1 : 0;
      return (qb) => qb.where(d.column, g);
    }
    case 'sign': {
      if (!SIGN_MODES.has(mode) || f.valueIsDate) return null;
      // only comparisons with zero (or null) are decided by the sign alone
      const values = mode === 'exists' ? [] : mode === 'in' ? (Array.isArray(f.value) ? f.value : [f.value]) : [f.value];
      for (const v of values) {
        if (v === null) continue;
        if (v === undefined || Array.isArray(v) || tools.dbValue(col, v) !== 0) return null;
      }
      return tools.compile({ ...f, explicitMode: true, mode, value: mode === 'in' ? values.map((v) => (v === null ? null : 0)) : f.value === null ? null : mode === 'exists' ? f.value : 0 },
        { path: col.path, column: d.column, kind: 'int', queryable: true });
    }
  }
}

/**
 * The totals statement (`__count`, `__s<i>`, `__n<i>` as list-query.ts reads them) from the
 * maintained totals, or null when they cannot answer these filters and aggregations.
 */
export function maintainedTotalsQuery(
  db: Knex, source: TotalsSource, filters: { f: FilterParam; col: ColumnSpec }[], aggregations: TotalsAggregation[], tools: FilterTools,
): Knex.QueryBuilder | null {
  const sums = aggregations.map((a) => (a.col.expr ? undefined : source.spec.sums.find((s) => s.field === a.col.path)));
  if (sums.some((s) => s === undefined)) return null;
  const conditions: Where[] = [];
  for (const { f, col } of filters) {
    // a filter that restricts nothing (an empty search) is no condition here either
    if (tools.compile(f, col) === null) continue;
    const w = onDimension(source, f, col, tools);
    if (!w) return null;
    conditions.push(w);
  }
  const qb = db(source.spec.table).select(db.raw('sum(??) as ??', ['n', '__count']));
  sums.forEach((s, i) => qb.select(db.raw('sum(??) as ??', [s!.sum, `__s${i}`]), db.raw('sum(??) as ??', [s!.count, `__n${i}`])));
  qb.where('fk_company', source.companyId);
  for (const w of conditions) w(qb);
  return qb;
}
