/** The inbox's suggestions grouped by operation, in the order of their best suggestion (plain, tested). */
import type { Suggestion } from '../api.ts';

export function groupByOperation(rows: Suggestion[]): { operation: string; suggestions: Suggestion[] }[] {
  const groups = new Map<string, Suggestion[]>();
  for (const s of rows) {
    const list = groups.get(s.fk.operation);
    if (list) list.push(s); else groups.set(s.fk.operation, [s]);
  }
  return [...groups.entries()].map(([operation, suggestions]) => ({ operation, suggestions }));
}
