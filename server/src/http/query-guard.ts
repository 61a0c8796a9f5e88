/**
 * The query string of an `/api` request goes through the JSON guard (json-guard.ts) before
 * routing and authentication, like the body (body.ts): each parameter as received, and as the
 * JSON value the list parameters are (`filters`, `sort`…): depth, prototype keys, well-formed
 * Unicode. A value that is not JSON is only checked as text.
 */
import type Koa from 'koa';
import { badRequest } from '@comptoir/sdk';
import { findJsonProblem, jsonProblemDetail, jsonProblemMessage, type JsonProblem } from './json-guard.ts';

function jsonOrUndefined(s: string): unknown {
  try { return JSON.parse(s); } catch { return undefined; }
}

/** `filters` + `a.b` → `filters.a.b`; the whole value → `filters` */
function within(param: string, problem: JsonProblem): JsonProblem {
  const path = problem.path === '(valeur)' ? param : problem.path.startsWith('[') ? `${param}${problem.path}` : `${param}.${problem.path}`;
  return { ...problem, path };
}

export function assertSafeQuery(query: Record<string, unknown>): void {
  for (const [param, value] of Object.entries(query)) {
    let problem = findJsonProblem({ [param]: value });
    const where = `Paramètre « ${param} »`;
    if (!problem) {
      for (const v of Array.isArray(value) ? value : [value]) {
        if (typeof v !== 'string') continue;
        const parsed = jsonOrUndefined(v);
        const found = parsed === undefined ? null : findJsonProblem(parsed);
        if (found) { problem = within(param, found); break; }
      }
    }
    if (problem) throw badRequest(jsonProblemMessage(problem, where), [{ ...jsonProblemDetail(problem), field: problem.kind === 'text' ? problem.path : param }]);
  }
}

export function queryGuard(): Koa.Middleware {
  return async (ctx, next) => {
    if (ctx.path === '/api' || ctx.path.startsWith('/api/')) assertSafeQuery(ctx.query as Record<string, unknown>);
    return next();
  };
}
