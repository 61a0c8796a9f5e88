/**
 * Child process of build-clients.ts (started with `--import tsx/esm` only): runs rspack for each
 * target named on the command line and reports each result to the parent over IPC.
 * Arguments: <mode> <JSON list of { kind, dir }>.
 */
import path from 'node:path';
import type { BuildMode } from '@comptoir/sdk/rspack';
import { hostTarget, pluginTarget, runRspack, type TargetRef, type WorkerReport } from './build-clients.ts';

const [mode, json] = process.argv.slice(2) as [BuildMode, string];
const refs = JSON.parse(json) as TargetRef[];

for (const ref of refs) {
  const started = performance.now();
  let report: WorkerReport;
  try {
    const target = ref.kind === 'host' ? hostTarget(path.dirname(ref.dir)) : pluginTarget(ref.dir);
    const stats = await runRspack(await target.config(mode));
    if (stats.hasErrors()) throw new Error(stats.toString({ all: false, errors: true, colors: false }).trim());
    report = { dir: ref.dir, ok: true, ms: Math.round(performance.now() - started) };
  } catch (e) {
    report = { dir: ref.dir, ok: false, ms: Math.round(performance.now() - started), error: (e as Error).message };
  }
  await new Promise<void>((resolve) => process.send!(report, () => resolve()));
}
process.exit(0);
