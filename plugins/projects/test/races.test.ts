/**
 * « Projets » under concurrency (README « Concurrency »): task updates lock the item row, so N
 * parallel updates of N different tasks all land and the progress is that of all of them; N starts
 * of a timer leave one running; N invoicings of the same periods invoice them once. Written for
 * MariaDB (a plain SELECT takes no lock there); on SQLite they pass either way.
 */
import { expect } from 'chai';
import type { TestKernel } from '@comptoir/sdk/testing';
import type { ProjectItem, ProjectWorkingTime } from '../schemas/index.ts';
import { API, bootKernel, createItem, createProject, ok } from './support.ts';

const N = 10;

describe('projects : en concurrence', function () {
  this.timeout(120_000);
  let k: TestKernel;
  before(async () => { k = await bootKernel(); });
  after(async () => { await k?.stop(); });

  it(`${N} tâches terminées en même temps : aucune mise à jour perdue, l’avancement les compte toutes`, async () => {
    const p = await createProject(k.http);
    const tasks = Array.from({ length: N }, (_, i) => ({ name: `Tâche ${i + 1}` }));
    const item = await createItem(k.http, p._id, { taskLists: [{ name: 'A', tasks: tasks.slice(0, N / 2) }, { name: 'B', tasks: tasks.slice(N / 2) }] });
    const uuids = item.taskLists.flatMap((l) => l.tasks.map((t) => t.uuid));
    const answers = await Promise.all(uuids.map((u) => k.http.put(`${API}/items/${item._id}/tasks/${u}`, { progress: 100 })));
    expect(answers.map((a) => a.status)).to.deep.equal(Array(N).fill(200));
    const stored = await ok<ProjectItem>(k.http.get(`${API}/items/${item._id}`));
    expect(stored.taskLists.flatMap((l) => l.tasks.map((t) => t.progress))).to.deep.equal(Array(N).fill(100));
    expect(stored.progress).to.equal(100);
  });

  it(`${N} lancements du chronomètre en même temps : un seul reste en cours`, async () => {
    const p = await createProject(k.http);
    const answers = await Promise.all(Array.from({ length: N }, () => k.http.post(`${API}/working-times/start`, { fk: { project: p._id } })));
    expect(answers.every((a) => a.status === 201 || a.status === 409), JSON.stringify(answers.map((a) => a.body))).to.equal(true);
    const running = await k.db('projects_working_times').where({ fk_user: k.admin.userId }).whereNull('end');
    expect(running).to.have.length(1);
    await ok(k.http.post(`${API}/working-times/stop`, {}));
  });

  it(`${N} facturations des mêmes temps en même temps : facturés une fois, une seule facture`, async () => {
    const c = await ok<{ _id: string }>(k.http.post('/api/contacts/customers', { name: 'Hôtel du Parc' }), 201);
    const p = await createProject(k.http);
    const times: ProjectWorkingTime[] = [];
    for (let i = 0; i < 3; i++) {
      times.push(await ok(k.http.post(`${API}/working-times`, { start: `2026-12-0${i + 1}T09:00:00.000Z`, end: `2026-12-0${i + 1}T10:00:00.000Z`, fk: { project: p._id } }), 201));
    }
    // each request names the periods in another order: locks are taken in id order, never crossed
    const answers = await Promise.all(Array.from({ length: N }, (_, i) => k.http.post(`${API}/working-times/invoice`, {
      workingTimes: i % 2 ? times.map((t) => t._id) : times.map((t) => t._id).reverse(), customer: c._id,
    })));
    expect(answers.map((a) => a.status).sort()).to.deep.equal([200, ...Array(N - 1).fill(409)]);
    const invoices = await k.db('invoicing_invoices').where({ fk_receiverCustomer: c._id });
    expect(invoices).to.have.length(1);
    const marked = await k.db('projects_working_times').whereIn('_id', times.map((t) => t._id)).select('fk_invoice');
    expect(marked.map((r: { fk_invoice: string }) => r.fk_invoice)).to.deep.equal(Array(3).fill(invoices[0]._id));
  });
});
