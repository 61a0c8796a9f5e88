/**
 * The PBX records through the API: the spec's defaults (§3, §9), generated secrets, the scrapper's
 * addresses, the Asterisk files, and bad input refused in French with nothing written.
 */
import { expect } from 'chai';
import type { TestKernel } from '@comptoir/sdk/testing';
import { API, bootKernel, ok, rowCounts, unknownId } from './support.ts';

describe('pbx: configuration records', function () {
  let k: TestKernel;
  before(async () => { k = await bootKernel(); });
  after(async () => { await k?.stop(); });

  it('a server gets port 12020 and a generated key; a user its defaults and a 30-character secret', async () => {
    const server = await ok(k.http.post(`${API}/servers`, { name: 'Asterisk du magasin', host: 'pbx.boulangerie.test' }), 201);
    expect(server).to.include({ port: 12020, https: false });
    expect(server.secretKey).to.match(/^[A-Za-z0-9]{30}$/);
    const user = await ok(k.http.post(`${API}/users`, { username: 'accueil', number: '101', fk: { server: server._id } }), 201);
    expect(user).to.include({ context: 'local', mailbox: '@default', type: 'friend', host: 'dynamic' });
    expect(user.secret).to.match(/^[A-Za-z0-9]{30}$/);
    const other = await ok(k.http.post(`${API}/users`, { username: 'atelier', number: '102' }), 201);
    expect(other.secret).to.not.equal(user.secret);
    // the secret is the server's: a body may not set it, an update keeps it
    const refused = await k.http.post(`${API}/users`, { username: 'x', number: '103', secret: 'a' });
    expect(refused.status).to.equal(400);
    const updated = await ok(k.http.put(`${API}/users/${user._id}`, { callerid: 'Accueil' }));
    expect(updated.secret).to.equal(user.secret);
  });

  it('a time of year is enabled by default; a playlist item defaults to everytime, audio, enabled', async () => {
    const t = await ok(k.http.post(`${API}/times-of-year`, { name: 'Noël', start: { month: 12, day: 24 }, end: { month: 12, day: 26 } }), 201);
    expect(t.enabled).to.equal(true);
    const p = await ok(k.http.post(`${API}/playlists`, { name: 'Attente', items: [{ audioFile: 'attente/valse' }, { audioFile: 'noel', timeOfYearMode: 'in-selected-time-of-year', fk: { timesOfYear: [t._id] } }] }), 201);
    expect(p.items[0]).to.deep.include({ type: 'audio', timeOfYearMode: 'everytime', enabled: true });
    const bad = await k.http.post(`${API}/playlists`, { name: 'x', items: [{ timeOfYearMode: 'sometimes' }] });
    expect(bad.status).to.equal(400);
    const foreign = await k.http.post(`${API}/playlists`, { name: 'x', items: [{ fk: { timesOfYear: [unknownId] } }] });
    expect(foreign.status).to.equal(400);
    expect(foreign.body.message).to.match(/timesOfYear/);
  });

  it('a context is written to sip by default; SIP numbers default to 5060 and 1800 s', async () => {
    const c = await ok(k.http.post(`${API}/contexts`, { name: 'clients', props: [{ name: 'exten', value: '_X.,1,Answer()', symbol: 'arrow' }] }), 201);
    expect(c.file).to.equal('sip');
    const first = await ok(k.http.post(`${API}/first-configuration`, { numbers: [{ number: '+33140000000', password: 'operateur-secret', domain: 'sip.operateur.test' }] }));
    expect(first.numbers[0]).to.include({ port: 5060, expiry: 1800 });
    expect(first.contexts.map((x: { name: string }) => x.name)).to.deep.equal(['atmos-incoming', 'local']);
    const again = await ok(k.http.post(`${API}/first-configuration`, { numbers: [{ number: '+33140000000', password: 'autre', domain: 'sip.operateur.test', port: 5080 }] }));
    expect(again.numbers[0]._id).to.equal(first.numbers[0]._id);
    expect(again.numbers[0].port).to.equal(5080);
  });

  it('a scrapper builds its addresses from the LAN and the on-demand WAN settings', async () => {
    const s = await ok(k.http.post(`${API}/scrappers`, { name: 'Relais', lanHost: '192.168.1.20', lanSecured: true, wanHost: 'relais.boulangerie.test' }), 201);
    expect(s).to.include({ lanPort: 41202, wanPort: 41202, wanPortOnDemand: 41203, configAddress: 'https://192.168.1.20:41202', remoteAddress: 'http://relais.boulangerie.test:41203' });
    const u = await ok(k.http.put(`${API}/scrappers/${s._id}`, { wanSecuredOnDemand: true, wanPortOnDemand: 8443 }));
    expect(u.remoteAddress).to.equal('https://relais.boulangerie.test:8443');
  });

  it('writes extensions.conf with the AGI hook and pjsip.conf with phones and trunks', async () => {
    const servers = await ok(k.http.get(`${API}/servers`));
    const server = servers.data[0];
    const plan = await ok(k.http.post(`${API}/dial-plans`, { name: 'interne', extens: [{ number: '100', action: 'Dial(PJSIP/accueil,20)' }] }), 201);
    expect(plan.extens[0].priority).to.equal(1);
    const ctx = await ok(k.http.post(`${API}/contexts`, { name: 'voicemail', file: 'voicemail', props: [{ name: 'format' }] }), 201);
    expect(ctx.props[0]).to.include({ value: '', symbol: 'equal' });
    const files = await ok(k.http.get(`${API}/servers/${server._id}/config`));
    const ext = files['extensions.conf'];
    expect(ext).to.include(`COMPTOIR_AGI=agi://pbx.boulangerie.test:12020/comptoir?key=${server.secretKey}`);
    expect(ext).to.match(/\[atmos-incoming\][^[]*exten => _X\.,1,NoOp[^[]*same => n,AGI\(\$\{COMPTOIR_AGI\}\)/);
    expect(ext).to.include('[atmos-hang-up]\nexten => s,1,Hangup()');
    expect(ext).to.include('[interne]\nexten => 100,1,Dial(PJSIP/accueil,20)');
    const pj = files['pjsip.conf'];
    const users = (await ok(k.http.get(`${API}/users`))).data;
    const accueil = users.find((u: { username: string }) => u.username === 'accueil');
    expect(pj).to.include(`[accueil]\ntype=endpoint\ncontext=local`);
    expect(pj).to.include(`[accueil-auth]\ntype=auth\nauth_type=userpass\nusername=accueil\npassword=${accueil.secret}`);
    expect(pj).to.include('mailboxes=101@default');
    expect(pj).to.include('[trunk-33140000000]\ntype=registration');
    expect(pj).to.include('server_uri=sip:sip.operateur.test:5080');
    expect(pj).to.include('expiration=1800');
    // the context written to sip by default is a section of pjsip.conf
    expect(pj).to.include('[clients]\nexten => _X.,1,Answer()');
    const text = await k.http.get(`${API}/servers/${server._id}/config/pjsip.conf`);
    expect(text.status).to.equal(200);
    expect(files['voicemail.conf']).to.include('[voicemail]\nformat = ');
    const missing = await k.http.get(`${API}/servers/${server._id}/config/iax.conf`);
    expect(missing.status).to.equal(404);
    expect(missing.body.message).to.match(/Aucun fichier « iax.conf »/);
  });

  it('refuses bad input in French and writes nothing', async () => {
    const before = await rowCounts(k);
    const cases: [string, string, unknown][] = [
      ['post', '/servers', { name: 'x', host: 'h', port: 70000 }],
      ['post', '/servers', { host: 'h' }],
      ['post', '/users', { username: 'bad name', number: '1' }],
      ['post', '/users', { username: 'ok', number: 'abc' }],
      ['post', '/users', { username: 'ok2', number: '1', fk: { server: unknownId } }],
      ['post', '/contexts', { name: 'x]\n[y' }],
      ['post', '/contexts', { name: 'c', props: [{ name: 'exten', value: 'a\nb' }] }],
      ['post', '/number-lists', { name: 'l', numbers: ['pas un numéro'] }],
      ['post', '/times-of-year', { name: 't', start: { month: 13 } }],
      ['post', '/dial-plans', { name: 'd', extens: [{ number: '1', action: '' }] }],
      ['post', '/first-configuration', { numbers: [] }],
      ['post', '/incoming', { context: 'x' }],
      ['post', '/incoming', { context: 'bad context', callid: '1' }],
      ['post', '/incoming', { context: 'a', callid: '1', input: 'x; DROP' }],
      ['get', '/calls/nope', undefined],
      ['get', `/servers/${unknownId}/config`, undefined],
      ['post', '/pre-pickup-choices', { requestId: 'aucun-appel' }],
      ['post', '/pre-pickup-choices', { requestId: 'x', action: 'dance' }],
    ];
    for (const [method, path, body] of cases) {
      const res = method === 'post' ? await k.http.post(`${API}${path}`, body) : await k.http.get(`${API}${path}`);
      expect(res.status, `${method} ${path} ${JSON.stringify(body)}: ${JSON.stringify(res.body)}`).to.be.within(400, 404);
      expect(res.body.message, path).to.be.a('string').and.not.match(/internal/i);
    }
    expect(await rowCounts(k)).to.deep.equal(before);
  });
});
