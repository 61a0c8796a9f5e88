/**
 * Mocha's dot reporter, plus where the time went, per test file: with COMPTOIR_TEST_TIMINGS=<path>
 * it writes `{ file: { ms, hooksMs, tests } }` as JSON to <path> and prints the slowest files at
 * the end (docs/testing.md « Where the time goes »). CommonJS because mocha `require`s reporters.
 *
 * `ms` is the file's wall time when files run one after the other; under `--parallel` the events of
 * a file reach this process together once its worker is done, so `ms` is then the sum of the
 * durations of its tests and hooks instead.
 */
'use strict';
/* eslint-disable @typescript-eslint/no-require-imports -- mocha require()s its reporters: this file is CommonJS */
const fs = require('node:fs');
const path = require('node:path');
const Mocha = require('mocha');

const { EVENT_SUITE_BEGIN, EVENT_SUITE_END, EVENT_TEST_END, EVENT_HOOK_END, EVENT_RUN_END } = Mocha.Runner.constants;

class TimingsReporter extends Mocha.reporters.Dot {
  constructor(runner, options) {
    super(runner, options);
    const out = process.env.COMPTOIR_TEST_TIMINGS;
    if (!out) return;
    const parallel = !!(options && options.parallel) || process.argv.includes('--parallel');
    const files = new Map();
    const entry = (file) => {
      const rel = path.relative(process.cwd(), file || '(no file)');
      let e = files.get(rel);
      if (!e) files.set(rel, (e = { ms: 0, hooksMs: 0, testsMs: 0, tests: 0, openedAt: 0, depth: 0 }));
      return e;
    };
    runner.on(EVENT_SUITE_BEGIN, (suite) => {
      if (!suite.file) return;
      const e = entry(suite.file);
      if (e.depth++ === 0) e.openedAt = performance.now();
    });
    runner.on(EVENT_SUITE_END, (suite) => {
      if (!suite.file) return;
      const e = entry(suite.file);
      if (--e.depth === 0) e.ms += performance.now() - e.openedAt;
    });
    runner.on(EVENT_TEST_END, (test) => {
      const e = entry(test.file);
      e.tests += 1;
      e.testsMs += test.duration || 0;
    });
    runner.on(EVENT_HOOK_END, (hook) => {
      if (hook.file) entry(hook.file).hooksMs += hook.duration || 0;
    });
    runner.once(EVENT_RUN_END, () => {
      const rows = [...files.entries()]
        .map(([file, e]) => ({
          file,
          ms: Math.round(parallel ? e.testsMs + e.hooksMs : e.ms),
          hooksMs: Math.round(e.hooksMs),
          tests: e.tests,
        }))
        .sort((a, b) => b.ms - a.ms);
      const total = rows.reduce((s, r) => s + r.ms, 0);
      fs.writeFileSync(out, JSON.stringify({ parallel, totalMs: total, files: rows }, null, 1));
      const top = rows.slice(0, 25);
      process.stdout.write(`\n  Slowest files (${rows.length} files, ${(total / 1000).toFixed(0)} s in all; hooks = before/after):\n`);
      for (const r of top) {
        process.stdout.write(`  ${(r.ms / 1000).toFixed(1).padStart(7)} s  hooks ${(r.hooksMs / 1000).toFixed(1).padStart(6)} s  ${String(r.tests).padStart(4)} tests  ${r.file}\n`);
      }
    });
  }
}

module.exports = TimingsReporter;
