/**
 * What the activity-log tests share (docs/architecture.md « Data conventions »): the activities a
 * call writes, the common shape of one, the replay of a patch, and the record of the write routes
 * exercised, which `test/integration/kernel-activities.test.ts` checks covers every kernel route.
 */
import { expect } from 'chai';
import jsonPatch, { type Operation } from 'fast-json-patch';
import type { TestKernel } from '@comptoir/sdk/testing';
import type { Activity } from '@comptoir/schemas';
import { decodeRow } from '../../server/src/db/record-codec.ts';
import { Activities } from '../../server/src/entities/platform.ts';

export type Doc = Record<string, unknown>;

/** The clock of every activity-log kernel: each activity is dated by it. */
export const ACTIVITIES_NOW = new Date(Date.UTC(2026, 5, 15, 12, 30));

/** « METHOD /path » of every write route a test exercised, across the activity-log files. */
export const exercisedWrites = new Set<string>();
export const mark = (method: string, path: string) => { exercisedWrites.add(`${method} ${path}`); };

/** The activities written while `fn` runs, oldest first, as the API shows them. */
export async function written(k: TestKernel, fn: () => Promise<unknown>): Promise<Activity[]> {
  const before = new Set((await k.db('kernel_activities').select('_id')).map((r: { _id: string }) => r._id));
  await fn();
  const rows = await k.db('kernel_activities').select('*').orderBy('_id');
  return rows.filter((r: { _id: string }) => !before.has(r._id)).map((r: Doc) => decodeRow<Activity>(Activities, r));
}

/** Checks the common shape and answers the patch. */
export function expectActivity(a: Activity, o: { object: string; objectType: string; by: string | null; company: string | null; verb: string }): Operation[] {
  expect(a.type).to.equal('jsonPatch');
  expect(a.fk.object).to.equal(o.object);
  expect(a.objectType).to.equal(o.objectType);
  expect(a.by).to.equal(o.by);
  expect(a.fk.by).to.equal(o.by);
  expect(a.fk.company).to.equal(o.company);
  expect(a.fk.companies).to.deep.equal(o.company ? [o.company] : []);
  expect(a.tags).to.deep.equal([o.verb]);
  expect(a.date).to.equal(ACTIVITIES_NOW.toISOString());
  const patch = a.data as Operation[];
  expect(patch).to.be.an('array');
  expect(patch.length).to.be.above(0);
  // a well-formed RFC 6902 document
  expect(jsonPatch.validate(patch)).to.equal(undefined);
  return patch;
}

/** Applying the patch of an update to the state before gives the state after (metadata aside). */
export function expectPatchReplays(before: Doc, after: Doc, patch: Operation[]) {
  const strip = (d: Doc) => { const { metadata: _m, nextNumbers: _n, ...rest } = d; void _m; void _n; return rest; };
  const replayed = jsonPatch.applyPatch(structuredClone(strip(before)), structuredClone(patch), true, false).newDocument;
  expect(replayed).to.deep.equal(strip(after));
}
