/** The engine: a run walks from the starter, stores each step, pauses and resumes by key; parallel advances of one key. */
import path from 'node:path';
import { expect } from 'chai';
import { createTestKernel, type TestKernel } from '@comptoir/sdk/testing';
import { n, line } from './support.ts';

const pluginDir = path.resolve(import.meta.dirname, '..');
const base = '/api/process-queues';

describe('process-queues : moteur', function () {
  this.timeout(60000);
  let k: TestKernel;

  before(async () => {
    k = await createTestKernel({ plugins: [pluginDir] });
  });
  after(async () => {
    await k?.stop();
  });

  const queue = async (plugins: unknown[], extra: Record<string, unknown> = {}) => {
    const res = await k.http.post(`${base}/queues`, { name: 'File', typeIdentifier: 'general', plugins, ...extra });
    expect(res.status, JSON.stringify(res.body)).to.equal(201);
    return res.body._id as string;
  };

  it('parcourt une file de 20 nœuds en une fois et enregistre chaque étape', async () => {
    const id = await queue(line(20));
    const res = await k.http.post(`${base}/queues/${id}/runs`, {});
    expect(res.status).to.equal(200);
    expect(res.body.run).to.include({ status: 'finished', stepCount: 20, currentNode: 'n19' });
    expect(res.body.run.state).to.include({ v1: '1', v18: '18' });
    expect(res.body.output).to.deep.equal({ result: 'fini' });
    const steps = await k.http.get(`${base}/runs/${res.body.run._id}/steps`);
    expect(steps.body.map((s: { nodeUuid: string }) => s.nodeUuid)).to.deep.equal(line(20).map((x) => x.uuid));
    expect(steps.body.map((s: { index: number }) => s.index)).to.deep.equal([...Array(20).keys()]);
    expect(steps.body[19]).to.include({ result: 'end', exit: null });
    expect(steps.body[0]).to.include({ result: 'exit', exit: 'main' });
  });

  it('se met en pause sur un nœud d’attente et reprend avec la même clé, là où il s’était arrêté', async () => {
    const id = await queue([
      n('a', 'start', { main: 'b' }), n('b', 'wait', { main: 'c' }, { message: 'Accord ?', saveInputAs: 'avis' }),
      n('c', 'condition', { yes: 'd', no: 'e' }, { field: 'avis', value: 'oui' }), n('d', 'end', {}, { result: 'ok' }), n('e', 'end', {}, { result: 'non' }),
    ]);
    const first = await k.http.post(`${base}/queues/${id}/runs`, { key: 'demande-1' });
    expect(first.body.run).to.include({ status: 'paused', currentNode: 'b', key: 'demande-1' });
    expect(first.body.output).to.deep.equal({ waiting: true, message: 'Accord ?' });
    expect(first.body.steps.map((s: { result: string }) => s.result)).to.deep.equal(['exit', 'pause']);
    const second = await k.http.post(`${base}/queues/${id}/runs`, { key: 'demande-1', input: { value: 'oui' } });
    expect(second.body.run).to.include({ status: 'finished', currentNode: 'd', _id: first.body.run._id });
    expect(second.body.steps.map((s: { nodeUuid: string; resumed: boolean }) => [s.nodeUuid, s.resumed])).to.deep.equal([['b', true], ['c', false], ['d', false]]);
    expect(second.body.output).to.deep.equal({ result: 'ok' });
    const third = await k.http.post(`${base}/queues/${id}/runs`, { key: 'demande-1' });
    expect(third.status).to.equal(409);
    expect(third.body.message).to.equal('L’exécution « demande-1 » de la file « File » est terminée.');
    // another key is another run
    const other = await k.http.post(`${base}/queues/${id}/runs`, { key: 'demande-2' });
    expect(other.body.run._id).to.not.equal(first.body.run._id);
  });

  it('refuse d’exécuter une file désactivée ou invalide (409, le premier message)', async () => {
    const off = await queue(line(3), { activated: false });
    const a = await k.http.post(`${base}/queues/${off}/runs`, {});
    expect(a.status).to.equal(409);
    expect(a.body.message).to.equal('La file « File » est désactivée.');
    const bad = await queue([n('a', 'end', {}, {}, 'Seul')]);
    const b = await k.http.post(`${base}/queues/${bad}/runs`, {});
    expect(b.status).to.equal(409);
    expect(b.body.message).to.equal('La file « File » n’est pas valide : La file n’a pas de nœud de départ : ajoutez un nœud « Départ ».');
    expect((await k.http.post(`${base}/queues/${bad}/runs`, { key: '' })).status).to.equal(400);
    expect((await k.http.post(`${base}/queues/0123456789abcdef01234567/runs`, {})).status).to.equal(404);
  });

  it('avance une seule fois par requête quand 10 requêtes de la même clé arrivent ensemble', async () => {
    // a loop through a waiting node: each advance moves exactly one turn
    const id = await queue([
      n('a', 'start', { main: 'b' }), n('b', 'wait', { main: 'c' }, { saveInputAs: 'x' }), n('c', 'set-variable', { main: 'b' }, { name: 'y', value: '1' }),
    ]);
    await k.http.post(`${base}/queues/${id}/runs`, { key: 'appel' });
    const answers = await Promise.all(Array.from({ length: 10 }, (_, i) => k.http.post(`${base}/queues/${id}/runs`, { key: 'appel', input: { value: i } })));
    expect(answers.map((r) => r.status)).to.deep.equal(Array(10).fill(200));
    expect(new Set(answers.map((r) => r.body.run._id)).size).to.equal(1);
    const counts = answers.map((r) => r.body.run.stepCount).sort((x, y) => x - y);
    // 2 steps first, then 3 per advance (b resumed, c, b paused): each advance saw the previous one's state
    expect(counts).to.deep.equal(Array.from({ length: 10 }, (_, i) => 2 + 3 * (i + 1)));
    const runs = await k.db('process_queues_runs').where({ fk_queue: id });
    expect(runs).to.have.length(1);
    expect(await k.db('process_queues_steps').where({ fk_run: runs[0]._id }).count({ c: '*' }).first().then((r) => Number(r!.c))).to.equal(32);
  });

  it('crée une seule exécution quand 10 premières requêtes d’une même clé arrivent ensemble', async () => {
    const id = await queue([n('a', 'start', { main: 'b' }), n('b', 'wait', { main: 'c' }), n('c', 'end')]);
    const answers = await Promise.all(Array.from({ length: 10 }, () => k.http.post(`${base}/queues/${id}/runs`, { key: 'premier' })));
    const ok = answers.filter((r) => r.status === 200);
    expect(ok.length + answers.filter((r) => r.status === 409).length).to.equal(10);
    expect(new Set(ok.map((r) => r.body.run._id)).size).to.equal(1);
    expect(await k.db('process_queues_runs').where({ fk_queue: id }).count({ c: '*' }).first().then((r) => Number(r!.c))).to.equal(1);
  });
});
