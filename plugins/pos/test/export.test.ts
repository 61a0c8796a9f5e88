/**
 * The signed export of a period (README « Signed export »): a day sold, read by an X, closed by a Z,
 * archived; its export holds every document of the day with their hashes, signed with the
 * company's Ed25519 key (made once); OpenSSL alone checks the manifest as LISEZMOI.txt says; the
 * verification route accepts it whole and refuses it — `verification.failed` logged — when any byte
 * is changed, when it is signed with another key, or when a document is changed and the file signed
 * again with the company's own key (the chains name it).
 */
import { execFileSync } from 'node:child_process';
import { createHash, generateKeyPairSync } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect } from 'chai';
import { strFromU8, unzipSync } from 'fflate';
import type { TestKernel } from '@comptoir/sdk/testing';
import type { Archive, CashRegister, Receipt } from '../schemas/index.ts';
import { buildExportFile, verifyExportFile, type ExportManifest } from '../server/services/exports/export-file.ts';
import { EXPORT_VIEWS } from '../server/services/exports/export-service.ts';
import { API, bootKernel, cash, createRegister, ok, rowCounts } from './support.ts';
import { cardSale } from './receipts-support.ts';

describe('pos : export signé d’une période', function () {
  this.timeout(120_000);
  let k: TestKernel;
  let now = new Date('2026-02-10T08:00:00Z');
  let archive: Archive;
  let bytes: Uint8Array;
  before(async () => { k = await bootKernel({ now: () => now }); });
  after(async () => { await k?.stop(); });

  const download = async (id: string) => {
    const res = await fetch(new URL(`${API}/archives/${id}/export`, k.http.baseUrl), { headers: { Authorization: `Bearer ${k.http.token}`, 'AT-Company': k.http.company! } });
    return { status: res.status, type: res.headers.get('content-type'), disposition: res.headers.get('content-disposition'), bytes: new Uint8Array(await res.arrayBuffer()) };
  };
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- the answers are arbitrary JSON
  const verifyFile = async (data: Uint8Array | null, name = 'export.zip'): Promise<{ status: number; body: any }> => {
    const form = new FormData();
    form.append('fileCount', data ? '1' : '0');
    if (data) {
      form.append('name[]', name);
      form.append('mime[]', 'application/zip');
      form.append('size[]', String(data.length));
      form.append('lastModified[]', String(Date.now()));
      form.append('files[]', new Blob([data]), name);
    }
    const res = await fetch(new URL(`${API}/exports/verify`, k.http.baseUrl), { method: 'POST', body: form, headers: { Authorization: `Bearer ${k.http.token}`, 'AT-Company': k.http.company! } });
    const text = await res.text();
    return { status: res.status, body: text ? JSON.parse(text) : null };
  };
  const failedVerifications = async () => Number((await k.db('pos_events').where({ code: 'verification.failed' }).count({ n: '*' }))[0].n);

  it('exporte le jour archivé : tickets, X, Z, archive, journal, empreintes et signature', async () => {
    // nothing to verify against before the first export
    expect((await k.http.get(`${API}/signing-key`)).status).to.equal(409);
    const r: CashRegister = await createRegister(k);
    await ok(k.http.post(`${API}/cash-registers/${r._id}/open`, { cash: cash([10, 1]) }));
    const sold: Receipt[] = [await cardSale(k.http, r._id, 4.5), await cardSale(k.http, r._id, 12.3, 'Gâteau')];
    await ok(k.http.post(`${API}/receipts/${sold[1]._id}/refund`, { payments: [{ mode: 'cb', amount: 12.3 }] }), 201);
    await ok(k.http.post(`${API}/cash-registers/${r._id}/x-ticket`, {}), 201);
    await ok(k.http.post(`${API}/cash-registers/${r._id}/z-ticket`, { cash: cash([10, 1]) }));
    now = new Date('2026-02-11T08:00:00Z');
    archive = await ok<Archive>(k.http.post(`${API}/archives`, { frequency: 'daily', date: '2026-02-10' }), 201);
    // a sale of the next day is not in the export
    await ok(k.http.post(`${API}/cash-registers/${r._id}/open`, { cash: cash([10, 1]) }));
    await cardSale(k.http, r._id, 2);

    const res = await download(archive._id);
    expect(res.status).to.equal(200);
    expect(res.type).to.equal('application/zip');
    expect(res.disposition).to.equal(`attachment; filename="export-caisse-2026-02-10-${archive.numberFull}.zip"`);
    bytes = res.bytes;
    const files = unzipSync(bytes);
    expect(Object.keys(files).sort()).to.deep.equal([
      'LISEZMOI.txt', 'archives-daily.json', 'archives-fiscal-yearly.json', 'archives-monthly.json', 'archives-yearly.json',
      'events.json', 'manifest.json', 'manifest.sig', 'public-key.pem', 'receipts.json', 'x-tickets.json', 'z-tickets.json',
    ]);
    const manifest = JSON.parse(strFromU8(files['manifest.json'])) as ExportManifest;
    expect(manifest.period).to.deep.equal({ startDate: archive.startDate, endDate: archive.endDate });
    expect(manifest.archive).to.include({ _id: archive._id, frequency: 'daily', period: '2026-02-10', hash: archive.hash });
    const byName = Object.fromEntries(manifest.files.map((f) => [f.name, f]));
    expect(byName['receipts.json']).to.include({ records: 3, firstNumber: 1, lastNumber: 3, previousHash: null });
    expect(byName['z-tickets.json']).to.include({ records: 1 });
    expect(byName['x-tickets.json']).to.include({ records: 1 });
    expect(byName['archives-daily.json']).to.include({ records: 1, lastHash: archive.hash });
    expect(byName['archives-monthly.json']).to.include({ records: 0 });
    // the day's events: opening, X, closing (the next day's opening and the archive are not of the day)
    const events = JSON.parse(strFromU8(files['events.json'])) as { code: string }[];
    expect(events.map((e) => e.code)).to.include.members(['register.opened', 'x-ticket.made', 'register.closed']);
    expect(events.map((e) => e.code)).to.not.include('archive.made');
    for (const f of manifest.files) expect(createHash('sha256').update(files[f.name]).digest('hex'), f.name).to.equal(f.sha256);
    const receipts = JSON.parse(strFromU8(files['receipts.json'])) as Receipt[];
    expect(receipts.map((x) => x.inclTaxesPrice)).to.deep.equal([4.5, 12.3, -12.3]);

    // the public key is the company's, made once; the export is logged
    const key = await ok(k.http.get(`${API}/signing-key`));
    expect(key.algorithm).to.equal('Ed25519');
    expect(strFromU8(files['public-key.pem'])).to.equal(key.publicKey);
    expect(manifest.signature.publicKeyFingerprint).to.equal(key.fingerprint);
    expect(key).to.not.have.property('privateKey');
    const logged = await ok(k.http.get(`${API}/events`, { query: { filters: JSON.stringify({ code: { mode: 'eq', value: 'export.made' } }) } }));
    expect(logged.count).to.equal(1);
    expect(logged.data[0].data).to.include({ fingerprint: key.fingerprint, bytes: bytes.length });
    expect((await ok(k.http.get(`${API}/integrity`))).valid).to.equal(true);
  });

  it('OpenSSL seul vérifie le manifeste, comme le dit LISEZMOI.txt', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'pos-export-'));
    try {
      const files = unzipSync(bytes);
      for (const name of ['manifest.json', 'public-key.pem']) fs.writeFileSync(path.join(dir, name), files[name]);
      fs.writeFileSync(path.join(dir, 'manifest.sig.bin'), Buffer.from(strFromU8(files['manifest.sig']), 'base64'));
      const out = execFileSync('openssl', ['pkeyutl', '-verify', '-pubin', '-inkey', 'public-key.pem', '-rawin', '-in', 'manifest.json', '-sigfile', 'manifest.sig.bin'], { cwd: dir }).toString();
      expect(out).to.match(/Signature Verified Successfully/);
      fs.writeFileSync(path.join(dir, 'manifest.json'), strFromU8(files['manifest.json']).replace('"records": 3', '"records": 4'));
      expect(() => execFileSync('openssl', ['pkeyutl', '-verify', '-pubin', '-inkey', 'public-key.pem', '-rawin', '-in', 'manifest.json', '-sigfile', 'manifest.sig.bin'], { cwd: dir, stdio: 'pipe' })).to.throw();
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  it('la vérification accepte le fichier tel quel', async () => {
    const before = await failedVerifications();
    const res = await ok(verifyFile(bytes));
    expect(res).to.include({ valid: true, fileSignature: true, manifestSignature: true, keyMatches: true });
    expect(res.problems).to.deep.equal([]);
    expect(res.files.every((f: { valid: boolean }) => f.valid)).to.equal(true);
    expect(await failedVerifications()).to.equal(before);
  });

  it('un octet changé n’importe où fait échouer la vérification (et la journalise)', async () => {
    const before = await failedVerifications();
    // the first local header's date, inside the compressed data, the manifest's entry, the central directory, the signature itself
    const positions = [10, 40, Math.floor(bytes.length / 3), Math.floor(bytes.length / 2), bytes.length - 200, bytes.length - 60, bytes.length - 1];
    for (const at of positions) {
      const changed = Uint8Array.from(bytes);
      changed[at] ^= 0x01;
      const res = await ok(verifyFile(changed));
      expect(res.valid, `octet ${at} ${JSON.stringify(res).slice(0, 300)}`).to.equal(false);
      expect(res.problems.length, `octet ${at}`).to.be.greaterThan(0);
    }
    expect(await failedVerifications()).to.equal(before + positions.length);
    const last = (await ok(k.http.get(`${API}/events`, { query: { sort: JSON.stringify({ field: 'number', ascending: false }), pagination: JSON.stringify({ quantity: 1 }) } }))).data[0];
    expect(last.code).to.equal('verification.failed');
    expect(last.label).to.match(/^Vérification d’un export en échec/);
    // through the function the route calls: one byte in 97, and each of the last 400 (central directory, end record, signature)
    const { publicKey } = await k.db('pos_signing_keys').first('publicKey');
    const missed: number[] = [];
    for (let at = 0; at < bytes.length; at += at < bytes.length - 400 ? 97 : 1) {
      const changed = Uint8Array.from(bytes);
      changed[at] ^= 0x20;
      if (verifyExportFile(changed, publicKey, EXPORT_VIEWS).valid) missed.push(at);
    }
    expect(missed, `${bytes.length} octets`).to.deep.equal([]);
  });

  it('un export refait avec une autre clé, ou un ticket changé puis re-signé avec la clé de l’entreprise, est refusé et nommé', async () => {
    const files = unzipSync(bytes);
    const manifest = JSON.parse(strFromU8(files['manifest.json'])) as ExportManifest;
    const chainsFrom = (edit: (name: string, rows: Record<string, unknown>[]) => void) => manifest.files.map((f) => {
      const records = JSON.parse(strFromU8(files[f.name])) as Record<string, unknown>[];
      edit(f.name, records);
      return { file: f.name, chain: f.chain, records, previousHash: f.previousHash, view: EXPORT_VIEWS[f.chain]! };
    });
    const base = { company: manifest.company, archive: manifest.archive, period: manifest.period, software: manifest.software, generatedAt: manifest.generatedAt };
    // a forger's key
    const other = generateKeyPairSync('ed25519');
    const forged = buildExportFile({
      ...base, chains: chainsFrom(() => undefined),
      publicKeyPem: other.publicKey.export({ type: 'spki', format: 'pem' }).toString(), privateKeyPem: other.privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(),
    });
    const a = await ok(verifyFile(forged.bytes));
    expect(a).to.include({ valid: false, fileSignature: false, manifestSignature: false, keyMatches: false });
    // the company's own key (read from the database, as an insider could): the chain names the receipt
    const key = await k.db('pos_signing_keys').first('publicKey', 'privateKey');
    const resigned = buildExportFile({
      ...base, publicKeyPem: key.publicKey, privateKeyPem: key.privateKey,
      chains: chainsFrom((name, rows) => { if (name === 'receipts.json') rows[1].inclTaxesPrice = 1.3; }),
    });
    const b = await ok(verifyFile(resigned.bytes));
    expect(b).to.include({ valid: false, fileSignature: true, manifestSignature: true, keyMatches: true });
    expect(b.problems).to.deep.equal(['receipts.json : le n° 2 ne correspond pas à son hash (modifié, ou la chaîne est rompue avant lui).']);
    // a receipt removed from the file
    const removed = buildExportFile({ ...base, publicKeyPem: key.publicKey, privateKeyPem: key.privateKey, chains: chainsFrom((name, rows) => { if (name === 'receipts.json') rows.splice(1, 1); }) });
    expect((await ok(verifyFile(removed.bytes))).problems[0]).to.match(/^receipts\.json : numéro 3 trouvé là où le 2 était attendu/);
  });

  it('une seconde exportation garde la même clé ; mauvaises demandes : 400, 404, rien d’écrit', async () => {
    expect((await download(archive._id)).status).to.equal(200);
    expect(Number((await k.db('pos_signing_keys').count({ n: '*' }))[0].n)).to.equal(1);
    const counts = await rowCounts(k);
    expect((await download('0123456789abcdef01234567')).status).to.equal(404);
    expect((await download('pas-un-id')).status).to.equal(400);
    const none = await verifyFile(null);
    expect(none.status).to.equal(400);
    const junk = await ok(verifyFile(new TextEncoder().encode('pas un zip')));
    expect(junk.valid).to.equal(false);
    expect(junk.problems[0]).to.match(/^Ce fichier n’est pas un export signé de Comptoir/);
    const after = await rowCounts(k);
    // only the junk file's failed verification was logged
    expect({ ...after, pos_events: after.pos_events - 1 }).to.deep.equal(counts);
  });

  it('dix premiers exports en même temps font une seule clé, et chacun se vérifie avec elle', async () => {
    // the company without a key, as before its first export
    await k.db('pos_signing_keys').delete();
    const answers = await Promise.all(Array.from({ length: 10 }, () => download(archive._id)));
    expect(answers.map((a) => a.status)).to.deep.equal(Array(10).fill(200));
    expect(Number((await k.db('pos_signing_keys').count({ n: '*' }))[0].n)).to.equal(1);
    for (const a of answers.slice(0, 3)) expect((await ok(verifyFile(a.bytes))).valid).to.equal(true);
  });
});
