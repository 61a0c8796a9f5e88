/**
 * `POST /api/pbx/incoming` without the bridge: a call's steps through a queue, the queue chosen by
 * the context, a context without a queue or a deactivated queue (hung up, said in the call's
 * events), the operator's choice, the caller hanging up, bad input, and 10 parallel requests of one
 * call (one call row, every request counted: the call's row is locked for each step).
 */
import { expect } from 'chai';
import type { TestKernel } from '@comptoir/sdk/testing';
import { API, bootKernel, ok, rowCounts } from './support.ts';

const node = (uuid: string, kind: string, exits: Record<string, string | null> = {}, configuration: Record<string, unknown> = {}) =>
  ({ uuid, pluginIdentifier: `pbx.${kind}`, exits, configuration });

describe('pbx: call steps (POST /api/pbx/incoming)', function () {
  let k: TestKernel;
  let queueId: string;
  let n = 0;
  const callid = () => `1764500000.${++n}`;
  const step = (body: Record<string, unknown>) => k.http.post(`${API}/incoming`, { context: 'entrants', caller: '0612345678', exten: '0140000000', ...body });
  const callOf = async (id: string) => (await ok(k.http.get(`${API}/calls?filters=${encodeURIComponent(JSON.stringify({ asteriskId: { mode: 'eq', value: id } }))}`))).data[0];

  before(async () => {
    k = await bootKernel();
    const queue = await ok(k.http.post('/api/process-queues/queues', {
      name: 'Accueil', typeIdentifier: 'call-routing',
      plugins: [
        node('start', 'incoming-context', { main: 'hello' }),
        node('hello', 'tts', { main: 'wait' }, { message: 'Bonjour', collectDigits: 1 }),
        node('wait', 'pass-through', { main: 'ask' }),
        node('ask', 'pre-user-request', { transfer: 'out', reject: 'bye', 'waiting-time': 'hello', 'no-answer': 'bye', 'no-op': 'hello' }),
        node('out', 'go-to-context', {}, { context: 'support', exten: '200', priority: 2 }),
        node('bye', 'hang-up'),
      ],
    }), 201);
    queueId = queue._id;
    await ok(k.http.post(`${API}/contexts`, { name: 'entrants', file: 'extensions', fk: { queue: queueId } }), 201);
  });
  after(async () => { await k?.stop(); });

  it('walks from the starter to the first prompt, then on at each request; the operator’s choice routes', async () => {
    const id = callid();
    expect(await ok(step({ callid: id }))).to.deep.equal({ context: '', exten: 's', priority: 1, ttsMessage: 'Bonjour', collectDigits: 0 + 1 });
    expect(await ok(step({ callid: id, input: '5' }))).to.include({ ttsMessage: 'Bonjour' });
    await ok(k.http.post(`${API}/pre-pickup-choices`, { requestId: id }), 201).then((c) => expect(c).to.include({ action: 'wait', delayInMinute: 1 }));
    await ok(k.http.post(`${API}/pre-pickup-choices`, { requestId: id, action: 'transfer' }), 201);
    expect(await ok(step({ callid: id }))).to.deep.equal({ context: 'support', exten: '200', priority: 2 });
    const c = await callOf(id);
    expect(c).to.include({ state: 'ended', requests: 3, lastInput: '' });
    expect(c.path).to.deep.equal(['start', 'hello', 'wait', 'ask', 'hello', 'wait', 'ask', 'out']);
    // an ended call asked again: hang up, nothing changes
    expect(await ok(step({ callid: id }))).to.include({ context: 'atmos-hang-up' });
    expect((await callOf(id)).requests).to.equal(3);
  });

  it('a context without a queue, or a deactivated queue: hung up, and the call says why', async () => {
    const id = callid();
    expect(await ok(step({ callid: id, context: 'inconnu' }))).to.deep.equal({ context: 'atmos-hang-up', exten: 's', priority: 1 });
    const c = await callOf(id);
    const history = await ok(k.http.get(`${API}/calls/${c._id}/history`));
    expect(history.events.map((e: { kind: string }) => e.kind)).to.deep.equal(['started', 'no-queue', 'ended']);
    expect(history.events[1].message).to.equal('Aucune file d’appels active ne prend le contexte « inconnu ».');

    await ok(k.http.put(`/api/process-queues/queues/${queueId}`, { activated: false }));
    const off = callid();
    expect(await ok(step({ callid: off }))).to.include({ context: 'atmos-hang-up' });
    const offCall = await callOf(off);
    const offHistory = await ok(k.http.get(`${API}/calls/${offCall._id}/history`));
    expect(offHistory.events.find((e: { kind: string }) => e.kind === 'problem').message).to.match(/désactivée/);
    await ok(k.http.put(`/api/process-queues/queues/${queueId}`, { activated: true }));
  });

  it('the bridge says the caller hung up: the call ends where it waited', async () => {
    const id = callid();
    await ok(step({ callid: id }));
    const ended = await ok(k.http.post(`${API}/hang-ups`, { callid: id }));
    expect(ended).to.include({ state: 'ended', position: 'hello' });
    expect((await k.http.post(`${API}/hang-ups`, { callid: 'jamais-vu' })).status).to.equal(204);
  });

  it('10 parallel requests of one new call make one call, each request counted once', async () => {
    const id = callid();
    const answers = await Promise.all(Array.from({ length: 10 }, () => step({ callid: id })));
    for (const a of answers) expect(a.status, JSON.stringify(a.body)).to.equal(200);
    const [{ count }] = await k.db('pbx_calls').where({ asteriskId: id }).count({ count: '*' });
    expect(Number(count)).to.equal(1);
    const c = await callOf(id);
    expect(c.requests).to.equal(10);
    const history = await ok(k.http.get(`${API}/calls/${c._id}/history`));
    expect(history.events.filter((e: { kind: string }) => e.kind === 'started')).to.have.length(1);
    // each request after the first resumed the run once: hello ×10 in the path
    expect(c.path.filter((p: string) => p === 'hello')).to.have.length(10);
  });

  it('bad input: French 400s, nothing written', async () => {
    const before = await rowCounts(k);
    for (const body of [{}, { context: 'entrants' }, { callid: 'x', context: '' }, { callid: 'x', context: 'a b' }, { callid: 'x', input: 'abc' }, { callid: 'x', date: 'hier' }, { callid: 'x', extra: 1 }]) {
      const res = await k.http.post(`${API}/incoming`, body);
      expect(res.status, JSON.stringify(body)).to.equal(400);
      expect(res.body.message).to.match(/^Requête invalide/);
    }
    expect((await k.http.post(`${API}/hang-ups`, {})).status).to.equal(400);
    expect(await rowCounts(k)).to.deep.equal(before);
  });

  it('only the bridge’s permission routes calls', async () => {
    const role = await ok(k.http.post('/api/kernel/roles', { name: 'Lecture téléphonie', permissions: ['pbx.telephony.read'] }), 201);
    await ok(k.http.post('/api/kernel/users', { email: 'lecteur@boulangerie.test', password: 'lecteur-telephonie-1', roles: [role._id] }), 201);
    const s = await k.login('lecteur@boulangerie.test', 'lecteur-telephonie-1');
    const reader = k.http.as(s.token, s.companyId!);
    expect((await reader.post(`${API}/incoming`, { context: 'entrants', callid: callid() })).status).to.equal(403);
    expect((await reader.get(`${API}/calls`)).status).to.equal(200);
  });
});
