/**
 * Request bodies and query strings are judged before routing and authentication
 * (server/src/http/README.md « Request bodies »): a `__proto__` key, JSON nested deeper than 64
 * levels, a charset other than UTF-8, bytes that are not UTF-8 — each a French 400 on every route
 * that reads a body, signed in or not, never a 500, and nothing written.
 */
import zlib from 'node:zlib';
import { expect } from 'chai';
import { createTestKernel, type TestHttp, type TestKernel, type TestResponse } from '@comptoir/sdk/testing';
import { KERNEL_ROUTES, fillPath, hasBody, snapshotKernel, type TablesSnapshot } from '../support/kernel.ts';
import { rawSend, senderOf, storedFiles } from '../support/upload.ts';

const ANY_ID = '0123456789abcdef01234567';
const PROTO_MESSAGE = 'Corps JSON refusé : la clé « __proto__ » n’est pas permise.';
const DEPTH_MESSAGE = 'Corps JSON trop imbriqué : 64 niveaux au plus.';

const nested = (levels: number, inner = '1') => `${'{"a":'.repeat(levels)}${inner}${'}'.repeat(levels)}`;
const nestedLists = (levels: number) => `${'['.repeat(levels)}${']'.repeat(levels)}`;

describe('request layer: bodies and query strings judged before authentication', function () {
  this.timeout(120_000);
  let k: TestKernel;
  let snapshot: TablesSnapshot;
  const statuses: number[] = [];

  const pathOf = (r: (typeof KERNEL_ROUTES)[number]) => (r.params.length ? fillPath(r, ANY_ID) : r.path);
  async function send(h: TestHttp, method: string, path: string, raw: string | Uint8Array, headers: Record<string, string> = {}): Promise<TestResponse> {
    const res = await h.request(method, path, undefined, { raw, headers });
    statuses.push(res.status);
    return res;
  }
  function expectRefusal(res: TestResponse, label: string, message: string | RegExp) {
    expect(res.status, `${label}: ${JSON.stringify(res.body)}`).to.equal(400);
    expect(res.body.code, label).to.equal('VALIDATION');
    if (typeof message === 'string') expect(res.body.message, label).to.equal(message);
    else expect(res.body.message, label).to.match(message);
  }

  before(async function () {
    k = await createTestKernel();
    snapshot = await snapshotKernel(k.db);
  });
  after(async function () { await k?.stop(); });

  it('refuses a `__proto__` key with a French 400 on every route that reads a body, signed in or not', async function () {
    const routes = KERNEL_ROUTES.filter(hasBody);
    expect(routes.length).to.be.greaterThan(20);
    const bodies = ['{"__proto__":{"god":true}}', '{"name":"x","permissions":[{"__proto__":{"a":1}}]}', '[{"a":{"__proto__":null}}]'];
    for (const r of routes) {
      for (const h of [k.anonymous, k.http]) {
        for (const raw of bodies) {
          const res = await send(h, r.method, pathOf(r), raw);
          expectRefusal(res, `${r.key} ${raw} (${h === k.anonymous ? 'anonyme' : 'connecté'})`, PROTO_MESSAGE);
        }
      }
    }
    const ctor = await send(k.anonymous, 'POST', '/api/auth/login', '{"email":"a@b.fr","password":"x","constructor":{"prototype":{"god":true}}}');
    expectRefusal(ctor, 'constructor.prototype', 'Corps JSON refusé : la clé « constructor.prototype » n’est pas permise.');
    expect(ctor.body.details[0].field).to.equal('constructor.prototype');
    // a key that merely looks like it is data
    const fine = await send(k.anonymous, 'POST', '/api/auth/login', '{"email":"a@b.fr","password":"x","constructor":"texte"}');
    expect(fine.status).to.be.oneOf([400, 401]);
    expect(fine.body.message).not.to.match(/Corps JSON refusé/);
    expect(await snapshotKernel(k.db)).to.deep.equal(snapshot);
  });

  it('refuses JSON nested deeper than 64 levels (20 000 levels included) with a French 400, not a 500', async function () {
    for (const r of KERNEL_ROUTES.filter(hasBody)) {
      for (const raw of [nested(20_000), nestedLists(20_000), nested(65), `{"name":${nestedLists(64)}}`]) {
        const res = await send(k.anonymous, r.method, pathOf(r), raw);
        expectRefusal(res, `${r.key} ${raw.slice(0, 20)}… (${raw.length} caractères)`, DEPTH_MESSAGE);
      }
    }
    // 64 levels is a body like any other: judged by the route (here, a wrong login)
    const deepest = await send(k.anonymous, 'POST', '/api/auth/login', `{"email":"a@b.fr","password":"x","x":${nested(63)}}`);
    expect(deepest.status, JSON.stringify(deepest.body)).to.equal(400);
    expect(deepest.body.message).not.to.equal(DEPTH_MESSAGE);
    expect(await snapshotKernel(k.db)).to.deep.equal(snapshot);
  });

  it('refuses a lone surrogate before authentication', async function () {
    const res = await send(k.anonymous, 'POST', '/api/kernel/roles', '{"name":"R\\ud800"}');
    expectRefusal(res, 'surrogate', 'Texte invalide dans « name » : caractère Unicode incomplet (surrogate isolé).');
    expect(res.body.details).to.deep.equal([{ field: 'name', message: 'texte Unicode invalide' }]);
  });

  it('refuses a charset other than UTF-8 with a French 400, and stores nothing with U+FFFD', async function () {
    const body = Buffer.from(JSON.stringify({ name: 'Rôle été' }), 'latin1');
    for (const charset of ['latin1', 'ISO-8859-1', 'windows-1252', 'utf-16', 'utf-7', '"latin1"']) {
      for (const h of [k.anonymous, k.http]) {
        const res = await send(h, 'POST', '/api/kernel/roles', body, { 'Content-Type': `application/json; charset=${charset}` });
        expectRefusal(res, charset, /^Encodage « .+ » non pris en charge : envoyez le corps en UTF-8/);
        expect(res.body.details[0].field).to.equal('Content-Type');
      }
    }
    // the same bytes without a charset, or declared UTF-8: not UTF-8, refused as such
    for (const contentType of ['application/json', 'application/json; charset=utf-8', 'application/json;charset=UTF-8']) {
      const res = await send(k.http, 'POST', '/api/kernel/roles', body, { 'Content-Type': contentType });
      expectRefusal(res, contentType, 'Le corps de la requête n’est pas de l’UTF-8 valide : envoyez le JSON encodé en UTF-8.');
    }
    // a truncated sequence, an overlong encoding, a UTF-8-encoded surrogate: all refused
    for (const bytes of [[0xc3], [0xc0, 0xaf], [0xed, 0xa0, 0x80], [0xff]]) {
      const raw = Buffer.concat([Buffer.from('{"name":"'), Buffer.from(bytes), Buffer.from('"}')]);
      const res = await send(k.anonymous, 'POST', '/api/auth/login', raw);
      expectRefusal(res, `octets ${bytes.join(',')}`, /n’est pas de l’UTF-8 valide/);
    }
    expect(await snapshotKernel(k.db)).to.deep.equal(snapshot);
  });

  it('takes UTF-8 however it is declared, with or without a BOM', async function () {
    const names: string[] = [];
    for (const [i, contentType] of ['application/json', 'application/json; charset=utf-8', 'application/json; charset=UTF8', 'application/json; charset="UTF-8"'].entries()) {
      const name = `Rôle été ${i} 😀`;
      const res = await send(k.http, 'POST', '/api/kernel/roles', Buffer.from(JSON.stringify({ name })), { 'Content-Type': contentType });
      expect(res.status, `${contentType}: ${JSON.stringify(res.body)}`).to.equal(201);
      expect(res.body.name).to.equal(name);
      names.push(res.body._id);
    }
    const bom = await send(k.http, 'POST', '/api/kernel/roles', Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from('{"name":"Rôle BOM"}')]));
    expect(bom.status, JSON.stringify(bom.body)).to.equal(201);
    expect(bom.body.name).to.equal('Rôle BOM');
    const stored = await k.http.get(`/api/kernel/roles/${names[0]}`);
    expect(stored.body.name).to.equal('Rôle été 0 😀');
  });

  it('reads a compressed body, and refuses an unknown or broken compression with a French 400', async function () {
    const json = JSON.stringify({ name: 'Rôle compressé' });
    const gzip = await send(k.http, 'POST', '/api/kernel/roles', zlib.gzipSync(json), { 'Content-Encoding': 'gzip' });
    expect(gzip.status, JSON.stringify(gzip.body)).to.equal(201);
    expect(gzip.body.name).to.equal('Rôle compressé');
    const unknown = await send(k.anonymous, 'POST', '/api/auth/login', Buffer.from('{}'), { 'Content-Encoding': 'compress' });
    expectRefusal(unknown, 'compress', 'Content-Encoding « compress » non pris en charge (gzip, deflate, br ou aucun).');
    const broken = await send(k.anonymous, 'POST', '/api/auth/login', Buffer.from('pas du gzip'), { 'Content-Encoding': 'gzip' });
    expectRefusal(broken, 'gzip cassé', 'Corps compressé illisible (Content-Encoding: gzip).');
    // a bomb is cut at the body limit once inflated
    const bomb = await send(k.anonymous, 'POST', '/api/auth/login', zlib.gzipSync(`{"a":"${'0'.repeat(5_000_000)}"}`), { 'Content-Encoding': 'gzip' });
    expect(bomb.status).to.equal(413);
    expect(bomb.body.code).to.equal('TOO_LARGE');
  });

  it('judges the query string before authentication: depth, prototype keys, surrogates', async function () {
    const cases: [Record<string, string>, RegExp, string][] = [
      [{ filters: nestedLists(2000) }, /^Paramètre « filters » trop imbriqué : 64 niveaux au plus\.$/, 'filters'],
      [{ filters: '{"__proto__":{"x":1}}' }, /^Paramètre « filters » refusé : la clé « __proto__ » n’est pas permise\.$/, 'filters'],
      [{ ['__proto__']: 'x' }, /^Paramètre « __proto__ » refusé : la clé « __proto__ » n’est pas permise\.$/, '__proto__'],
      [{ filters: '{"name":{"value":"x\\udc00"}}' }, /^Texte invalide dans « filters\.name\.value »/, 'filters.name.value'],
    ];
    for (const [query, message, field] of cases) {
      const search = new URLSearchParams(query).toString();
      for (const h of [k.anonymous, k.http]) {
        const res = await h.get(`/api/kernel/roles?${search}`);
        statuses.push(res.status);
        expectRefusal(res, search.slice(0, 60), message);
        expect(res.body.details[0].field).to.equal(field);
      }
    }
  });

  /** A form as the SDK sends it (fields, fileCount, the arrays, one file), each text part as given. */
  function form(parts: { name: string; value: Buffer | string; type?: string }[], file = Buffer.from('octets quelconques \xe9\xff', 'latin1')) {
    const boundary = '----comptoir-essai-7b1f';
    const chunks: Buffer[] = [];
    const all = [...parts, { name: 'fileCount', value: '1' }, { name: 'name[]', value: 'note.txt' }, { name: 'mime[]', value: 'text/plain' },
      { name: 'size[]', value: String(file.length) }, { name: 'lastModified[]', value: '1700000000000' }];
    // the fields named in `parts` replace the defaults of the same name
    const seen = new Set<string>();
    for (const p of all) {
      if (seen.has(p.name)) continue;
      seen.add(p.name);
      chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${p.name}"\r\n${p.type ? `Content-Type: ${p.type}\r\n` : ''}\r\n`));
      chunks.push(Buffer.isBuffer(p.value) ? p.value : Buffer.from(p.value), Buffer.from('\r\n'));
    }
    chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="files[]"; filename="note.txt"\r\nContent-Type: text/plain; charset=latin1\r\n\r\n`), file, Buffer.from(`\r\n--${boundary}--\r\n`));
    return { body: Buffer.concat(chunks), headers: { 'Content-Type': `multipart/form-data; boundary=${boundary}` } };
  }
  const sendForm = async (f: ReturnType<typeof form>) => {
    const res = await rawSend(senderOf(k), 'POST', '/api/kernel/files', f.body, f.headers);
    statuses.push(res.status);
    return res;
  };

  it('refuses a multipart text field that is not UTF-8, or declares another charset, with a French 400', async function () {
    // the tests above created roles on purpose
    snapshot = await snapshotKernel(k.db);
    const before = storedFiles(k).length;
    const latin1 = Buffer.from('"Été"', 'latin1');
    const cases: [string, ReturnType<typeof form>, string, RegExp][] = [
      ['champ JSON en latin1', form([{ name: 'name', value: latin1 }]), 'name', /^Le champ « name » n’est pas du texte UTF-8 valide\.$/],
      ['nom de fichier en latin1', form([{ name: 'name[]', value: Buffer.from('Été.txt', 'latin1') }]), 'name[]', /^Le champ « name\[\] » n’est pas du texte UTF-8 valide\.$/],
      ['charset=latin1 déclaré', form([{ name: 'name', value: latin1, type: 'text/plain; charset=latin1' }]), 'name', /^Le champ « name » est déclaré en « latin1 » : seul l’UTF-8 est accepté/],
      ['charset=utf-16le déclaré', form([{ name: 'name', value: Buffer.from('"Été"', 'utf16le'), type: 'text/plain; charset=utf-16le' }]), 'name', /est déclaré en « utf-16le »/],
      ['__proto__ dans un champ', form([{ name: 'description', value: '{"__proto__":{"god":true}}' }]), 'description', /^Champ « description » refusé : la clé « __proto__ » n’est pas permise\.$/],
      ['champ trop imbriqué', form([{ name: 'description', value: nestedLists(20_000) }]), 'description', /^Champ « description » trop imbriqué/],
    ];
    for (const [label, f, field, message] of cases) {
      const res = await sendForm(f);
      expect(res.status, `${label}: ${JSON.stringify(res.body)}`).to.equal(400);
      expect(res.body.message, label).to.match(message);
      expect(res.body.details[0].field, label).to.equal(field);
    }
    expect(storedFiles(k).length, 'nothing stored').to.equal(before);
    expect(await snapshotKernel(k.db)).to.deep.equal(snapshot);
  });

  it('takes multipart text fields in UTF-8, declared or not, and leaves the files’ bytes alone', async function () {
    for (const type of [undefined, 'text/plain; charset=utf-8', 'application/json; charset=UTF-8']) {
      const res = await sendForm(form([{ name: 'name', value: Buffer.from('"Été à Noël 😀"'), type }, { name: 'name[]', value: 'Reçu été.txt' }]));
      expect(res.status, `${type}: ${JSON.stringify(res.body)}`).to.equal(201);
      expect(res.body.name).to.equal('Été à Noël 😀');
      expect(res.body.attachments[0].name).to.equal('Reçu été.txt');
    }
  });

  it('never answered 500', function () {
    expect(statuses.length).to.be.greaterThan(300);
    expect(statuses.filter((s) => s >= 500)).to.deep.equal([]);
  });
});
