/**
 * `node --import tsx bench/src/surveys/run.ts [--engine=sqlite|mysql|both --results=100000 --duration=5 --connections=10]`:
 * statistics of a survey over 100 000 answers (bench/README.md « Surveys suite »).
 *
 * Per engine: a fresh database, the kernel with the surveys plugin, a survey of seven questions
 * (note, single choice, multiple choice with « Autre », yes/no, a 3 × 3 matrix, a number, a free
 * text) created through the API; 100 000 answers drawn at random, inserted by batches of 1 000
 * straight into `surveys_results`, each row encoded by the kernel's own row codec with the
 * plugin's entity; then the counters made by the plugin's own code path, `POST
 * /surveys/:id/statistics/rebuild` (timed), and checked against the same answers counted here
 * with the plugin's `applyAnswers`. Then, interleaved kernel, floor, floor, kernel:
 * - t1: `GET /surveys/:id/statistics` against the floor reading the counters row (floor.ts);
 * - t2: `POST /results` (an answer recorded and counted) against the floor's transaction.
 * Beside them, what statistics would cost if they walked the answers instead of the counters: one
 * `SELECT data` of the survey's 100 000 answers and `applyAnswers` over them, timed in this process.
 */
import fs from 'node:fs';
import path from 'node:path';
import { isDeepStrictEqual, parseArgs } from 'node:util';
import { encodeRow } from '../../../server/src/db/record-codec.ts';
import { newId } from '../../../server/src/util/ids.ts';
import { Results } from '../../../plugins/surveys/server/entities.ts';
import { applyAnswers, type CountersMap } from '../../../plugins/surveys/server/services/statistics/counters.ts';
import { questionsOf } from '../../../plugins/surveys/server/services/surveys/definition.ts';
import { freshDatabase, type Engine } from '../database.ts';
import { bootKernel, loginAdmin } from '../kernel.ts';
import { LoadProcess, type LoadSummary } from '../measure.ts';
import { startSurveysFloor } from './floor.ts';

const PLUGIN = path.join(import.meta.dirname, '..', '..', '..', 'plugins', 'surveys');
const RESULTS_DIR = path.join(import.meta.dirname, '..', '..', 'results');

export const BENCH_FORM = {
  pages: [{
    name: 'page1',
    elements: [
      { type: 'rating', name: 'note', title: 'Votre note', isRequired: true, rateMin: 1, rateMax: 5 },
      { type: 'radiogroup', name: 'revenir', title: 'Reviendrez-vous ?', choices: ['oui', 'peut-etre', 'non'] },
      { type: 'checkbox', name: 'points', title: 'Ce qui vous a plu', choices: ['accueil', 'prix', 'choix', 'horaires', 'proprete'], showOtherItem: true },
      { type: 'boolean', name: 'recommande', title: 'Nous recommanderiez-vous ?' },
      { type: 'matrix', name: 'qualite', title: 'Qualité', rows: ['pain', 'service', 'attente'], columns: [1, 2, 3] },
      { type: 'text', name: 'age', title: 'Votre âge', inputType: 'number' },
      { type: 'comment', name: 'remarques', title: 'Une remarque ?' },
    ],
  }],
};

/** A deterministic random answer (a small LCG: the same run gives the same answers). */
function answerMaker(seed = 42) {
  let s = seed;
  const rnd = () => { s = (s * 1103515245 + 12345) % 2147483648; return s / 2147483648; };
  const pick = <T>(xs: T[]) => xs[Math.floor(rnd() * xs.length)];
  return (): Record<string, unknown> => {
    const a: Record<string, unknown> = { note: 1 + Math.floor(rnd() * 5) };
    if (rnd() < 0.9) a.revenir = pick(['oui', 'peut-etre', 'non']);
    if (rnd() < 0.8) {
      const pts = ['accueil', 'prix', 'choix', 'horaires', 'proprete', 'other'].filter(() => rnd() < 0.35);
      if (pts.length) a.points = pts;
      if (pts.includes('other')) a['points-Comment'] = 'La terrasse';
    }
    if (rnd() < 0.7) a.recommande = rnd() < 0.75;
    if (rnd() < 0.6) a.qualite = { pain: pick([1, 2, 3]), service: pick([1, 2, 3]), ...(rnd() < 0.5 ? { attente: pick([1, 2, 3]) } : {}) };
    if (rnd() < 0.5) a.age = 18 + Math.floor(rnd() * 60);
    if (rnd() < 0.2) a.remarques = 'Très bon accueil, à bientôt.';
    return a;
  };
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- the answers are arbitrary JSON
async function http(method: string, url: string, headers: Record<string, string>, body?: unknown): Promise<any> {
  const res = await fetch(url, { method, headers: { ...headers, 'content-type': 'application/json' }, body: body === undefined ? undefined : JSON.stringify(body) });
  const json = await res.json().catch(() => null);
  if (!res.ok) throw new Error(`${method} ${url}: HTTP ${res.status} ${JSON.stringify(json).slice(0, 300)}`);
  return json;
}

interface Row { id: string; title: string; kernel: LoadSummary; floor: LoadSummary }

async function main() {
  const { values } = parseArgs({ options: {
    engine: { type: 'string' }, results: { type: 'string', default: '100000' }, duration: { type: 'string', default: '5' }, connections: { type: 'string', default: '10' },
  } });
  const engines: Engine[] = values.engine === 'both' ? ['sqlite', 'mysql'] : [(values.engine ?? 'sqlite') as Engine];
  const total = Number(values.results);
  const duration = Number(values.duration);
  const connections = Number(values.connections);
  const runner = new LoadProcess();
  fs.mkdirSync(RESULTS_DIR, { recursive: true });
  try {
    for (const engine of engines) {
      const database = await freshDatabase(engine);
      const booted = await bootKernel(database, [PLUGIN]);
      const db = database.open();
      try {
        const admin = await loginAdmin(booted.url);
        const api = `${booted.url}/api/surveys`;
        const survey = await http('POST', `${api}/surveys`, admin.headers, { name: 'Satisfaction (banc d’essai)', json: BENCH_FORM });
        const questions = questionsOf(BENCH_FORM);
        console.log(`\n== surveys, ${engine}: ${total} answers`);

        // the answers, straight into the table by batches, rows encoded as the repository encodes them
        const make = answerMaker();
        const expected: CountersMap = {};
        let started = performance.now();
        for (let done = 0; done < total;) {
          const batch: Record<string, unknown>[] = [];
          for (let i = 0; i < 1000 && done < total; i++, done++) {
            const data = make();
            applyAnswers(expected, questions, data, 1);
            const at = new Date(Date.UTC(2026, 0, 1) + done * 60_000).toISOString();
            batch.push(encodeRow(Results, {
              _id: newId(), testMode: false, submissionDate: at, attachments: [], data, origin: 'public',
              fk: { company: admin.companyId, survey: survey._id },
              metadata: { creationDate: at, lastModificationDate: at, createdBy: null, lastModifiedBy: null },
            }));
          }
          // 200 rows per statement: SQLite allows 500 terms in the compound SELECT knex writes
          await db.batchInsert('surveys_results', batch, 200);
        }
        const insertMs = performance.now() - started;
        if (engine === 'mysql') await db.raw('ANALYZE TABLE surveys_results');

        // the counters by the plugin's own path, then checked against the answers counted here
        started = performance.now();
        const rebuilt = await http('POST', `${api}/surveys/${survey._id}/statistics/rebuild`, admin.headers);
        const rebuildMs = performance.now() - started;
        const row = await db('surveys_counters').where({ fk_survey: survey._id, testMode: false }).first('counters', 'resultsCount');
        const stored = typeof row.counters === 'string' ? JSON.parse(row.counters) : row.counters;
        if (!isDeepStrictEqual(stored, JSON.parse(JSON.stringify(expected))) || rebuilt.real !== total || Number(row.resultsCount) !== total) throw new Error(`counters differ from the answers: ${JSON.stringify(rebuilt)}`);

        // what walking the answers would cost for one reading of the statistics
        started = performance.now();
        const walked: CountersMap = {};
        const all = await db('surveys_results').where({ fk_company: admin.companyId, fk_survey: survey._id, testMode: false }).select('data');
        for (const r of all) applyAnswers(walked, questions, typeof r.data === 'string' ? JSON.parse(r.data) : r.data, 1);
        const walkMs = performance.now() - started;

        const floor = await startSurveysFloor({ db, engine, companyId: admin.companyId, surveyId: survey._id, questions });
        const submit = JSON.stringify({ data: { note: 4, revenir: 'oui', points: ['accueil'], qualite: { pain: 3 } }, fk: { survey: survey._id } });
        const job = (url: string, method: 'GET' | 'POST' = 'GET', body?: string) => ({ url, method, body, headers: { ...admin.headers, 'content-type': 'application/json' }, connections, duration: duration / 2, timeout: 10 });
        const pair = async (id: string, title: string, kernelUrl: string, floorUrl: string, method: 'GET' | 'POST' = 'GET', body?: string): Promise<Row> => {
          const parts = { kernel: [] as LoadSummary[], floor: [] as LoadSummary[] };
          for (const side of ['kernel', 'floor', 'floor', 'kernel'] as const) parts[side].push(await runner.run(job(side === 'kernel' ? kernelUrl : floorUrl, method, body)));
          const sum = (xs: LoadSummary[]) => ({ ...xs[0], rps: xs.reduce((s, x) => s + x.ok / x.seconds, 0) / xs.length, p50: Math.max(...xs.map((x) => x.p50)), non2xx: xs.reduce((s, x) => s + x.non2xx, 0) });
          const r = { id, title, kernel: sum(parts.kernel), floor: sum(parts.floor) };
          console.log(`  ${id}. ${title}: kernel ${Math.round(r.kernel.rps)} req/s, floor ${Math.round(r.floor.rps)} req/s, ratio ${(r.kernel.rps / r.floor.rps).toFixed(2)}`);
          return r;
        };
        const rows = [
          await pair('t1', `statistics of the survey (${total} answers)`, `${api}/surveys/${survey._id}/statistics`, `${floor.url}/statistics`),
          await pair('t2', 'an answer recorded and counted (POST /results)', `${api}/results`, `${floor.url}/results`, 'POST', submit),
        ];
        await floor.close();
        const md = [
          `# surveys — ${engine} — ${new Date().toISOString()}`,
          '',
          `${total} answers to one survey of 7 questions. ${connections} connections, ${duration} s per target (interleaved kernel, floor, floor, kernel).`,
          '',
          '| id | scenario | kernel req/s | floor req/s | kernel ÷ floor | kernel p50 ms | non-2xx |',
          '| --- | --- | ---: | ---: | ---: | ---: | ---: |',
          ...rows.map((r) => `| ${r.id} | ${r.title} | ${Math.round(r.kernel.rps)} | ${Math.round(r.floor.rps)} | ${(r.kernel.rps / r.floor.rps).toFixed(2)} | ${r.kernel.p50} | ${r.kernel.non2xx} |`),
          '',
          '| step | ms |',
          '| --- | ---: |',
          `| ${total} answers inserted by batches of 1 000 | ${Math.round(insertMs)} |`,
          `| counters rebuilt from the answers by the plugin (\`POST …/statistics/rebuild\`) | ${Math.round(rebuildMs)} |`,
          `| one reading by walking the answers instead (SELECT + count in JS) | ${Math.round(walkMs)} |`,
          '',
        ].join('\n');
        const file = path.join(RESULTS_DIR, `${new Date().toISOString().slice(0, 10)}-surveys-${engine}.md`);
        fs.writeFileSync(file, md);
        console.log(`\n${md}\n  written to ${path.relative(process.cwd(), file)}`);
      } finally {
        await db.destroy();
        await booted.kernel.stop();
        await database.drop();
      }
    }
  } finally {
    runner.stop();
  }
}

main().catch((e: unknown) => {
  console.error(e);
  process.exitCode = 1;
});
