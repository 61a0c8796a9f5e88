/** Helpers shared by the list tests: the query string a client sends, and the 400 they expect. */
import { expect } from 'chai';
import { HttpError } from '../../../sdk/src/errors.ts';

/** The query string of a list call, each parameter JSON-encoded as a client sends it. */
export function query(p: { filters?: unknown; sort?: unknown; pagination?: unknown; aggregations?: unknown; fields?: unknown }) {
  const q: Record<string, string> = {};
  for (const [k, v] of Object.entries(p)) if (v !== undefined) q[k] = JSON.stringify(v);
  return q;
}

export async function expect400(fn: () => unknown, pattern?: RegExp): Promise<HttpError> {
  try {
    await fn();
  } catch (e) {
    expect(e).to.be.instanceOf(HttpError);
    const err = e as HttpError;
    expect(err.status).to.equal(400);
    expect(err.code).to.equal('VALIDATION');
    if (pattern) expect(err.message).to.match(pattern);
    return err;
  }
  return expect.fail('a 400 was expected');
}
