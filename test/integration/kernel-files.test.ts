/**
 * Files and attachments through the real server (platform README « Files and attachments »;
 * http README « Uploads and attachments »): an upload of each accepted image type yields every variant at the
 * right size, variants are cached in storage, Files list/sort/sum on their size, edit and delete
 * (bytes removed after the commit), permissions of uploaders, tenant isolation, and the SDK's own
 * client uploading with progress.
 */
import fs from 'node:fs';
import { expect } from 'chai';
import sharp from 'sharp';
import { createTestKernel, type TestKernel } from '@comptoir/sdk/testing';
import { createClient, MemoryStorage } from '@comptoir/sdk/client';
import { ATTACHMENT_VARIANTS, IMAGE_SQUARES, IMAGE_WIDTHS, attachmentUrl, type Attachment } from '@comptoir/schemas';
import { samples, PDF_DOC, type Sample } from '../support/images.ts';
import { fetchBytes, fileRows, senderOf, storagePath, storedFiles, upload } from '../support/upload.ts';
import { createMember, createSecondCompany, type Account, type SecondCompany } from '../support/kernel.ts';

const FILES = '/api/kernel/files';

describe('kernel: files and attachments', function () {
  let k: TestKernel;
  let images: Record<string, Sample>;
  let member: Account;
  let b: SecondCompany;
  let filesGroup: string;

  before(async function () {
    k = await createTestKernel();
    images = await samples();
    member = await createMember(k, 'deposant@exemple.fr');
    b = await createSecondCompany(k, 'f');
    const made = await k.http.post('/api/kernel/groups', { pluginIdentifier: 'kernel.files', name: 'Contrats' });
    expect(made.status, JSON.stringify(made.body)).to.equal(201);
    filesGroup = made.body._id;
  });
  after(async function () { await k?.stop(); });

  for (const kind of ['png', 'jpeg', 'webp', 'gif', 'tiff', 'svg', 'icon', 'iconBitmap']) {
    it(`stores a ${kind} image and serves its original and every variant at the right size`, async function () {
      const sample = images[kind];
      const res = await upload(senderOf(k), [sample]);
      expect(res.status, JSON.stringify(res.body)).to.equal(201);
      const file = res.body;
      const a: Attachment = file.attachments[0];
      expect(file).to.deep.include({ name: sample.name, type: 'image', size: sample.data.length });
      expect(a).to.deep.include({ size: sample.data.length, folder: k.admin.companyId, subfolder: 'files', name: sample.name, lastModified: 1_700_000_000_000, tags: [] });
      expect(a.filename).to.match(/^[0-9a-f]{32}\.(png|jpg|webp|gif|tif|svg|ico)$/);
      expect(a.uuid).to.match(/^[0-9a-f-]{36}$/);

      const original = await fetchBytes(k, attachmentUrl(a));
      expect(original.status).to.equal(200);
      expect(original.data.equals(sample.data)).to.equal(true);
      expect(original.headers.get('content-type')).to.contain(a.mime);
      expect(original.headers.get('x-content-type-options')).to.equal('nosniff');
      expect(original.headers.get('cache-control')).to.equal('public, max-age=31536000, immutable');

      const vector = kind === 'svg';
      for (const w of IMAGE_WIDTHS) {
        const v = await fetchBytes(k, attachmentUrl(a, `w${w}`));
        expect(v.status, `w${w}`).to.equal(200);
        const meta = await sharp(v.data).metadata();
        const width = vector ? w : Math.min(w, sample.width);
        expect([meta.width, meta.height], `${kind} w${w}`).to.deep.equal([width, Math.round((width * sample.height) / sample.width)]);
        expect(v.headers.get('content-type')).to.equal(sample.alpha || kind === 'gif' ? 'image/png' : 'image/jpeg');
        expect(meta.format).to.equal(sample.alpha || kind === 'gif' ? 'png' : 'jpeg');
      }
      for (const s of IMAGE_SQUARES) {
        const v = await fetchBytes(k, attachmentUrl(a, `s${s}`));
        const meta = await sharp(v.data).metadata();
        expect([v.status, meta.width, meta.height], `${kind} s${s}`).to.deep.equal([200, s, s]);
      }
    });
  }

  it('serves an SVG with a CSP that forbids scripts, and a PDF inline', async function () {
    const svg = (await upload(senderOf(k), [images.svg])).body.attachments[0];
    const res = await fetchBytes(k, attachmentUrl(svg));
    expect(res.headers.get('content-security-policy')).to.equal("default-src 'none'; style-src 'unsafe-inline'; img-src data:; sandbox");
    const pdf = (await upload(senderOf(k), [{ name: 'facture.pdf', type: 'application/pdf', data: PDF_DOC }])).body.attachments[0];
    const shown = await fetchBytes(k, attachmentUrl(pdf));
    expect([shown.headers.get('content-type'), shown.headers.get('content-disposition')]).to.deep.equal(['application/pdf', 'inline']);
    const saved = await fetchBytes(k, `${attachmentUrl(pdf)}?download=${encodeURIComponent('Facture n°1.pdf')}`);
    expect(saved.headers.get('content-disposition')).to.equal('attachment; filename="Facture n_1.pdf"; filename*=UTF-8\'\'Facture%20n%C2%B01.pdf');
    expect((await fetchBytes(k, attachmentUrl(pdf, 'w320'))).status).to.equal(404);
  });

  it('sends other files as sandboxed downloads, never rendered on our origin', async function () {
    const page = (await upload(senderOf(k), [{ name: 'page.html', type: 'text/html', data: '<script>alert(1)</script>' }])).body.attachments[0];
    const res = await fetchBytes(k, attachmentUrl(page));
    expect(res.headers.get('content-type')).to.equal('application/octet-stream');
    expect(res.headers.get('content-disposition')).to.equal('attachment');
    expect(res.headers.get('content-security-policy')).to.equal("default-src 'none'; sandbox");
  });

  it('makes a variant once, then serves it from storage', async function () {
    const a = (await upload(senderOf(k), [images.png])).body.attachments[0] as Attachment;
    const key = `${a.folder}/files/${a.filename}/w160`;
    expect(fs.existsSync(storagePath(k, key))).to.equal(false);
    const first = await fetchBytes(k, attachmentUrl(a, 'w160'));
    expect(fs.readFileSync(storagePath(k, key)).equals(first.data)).to.equal(true);
    // put something else in its place: the second answer comes from storage, not from sharp
    const marker = await sharp({ create: { width: 7, height: 3, channels: 4, background: '#0f0f' } }).png().toBuffer();
    fs.writeFileSync(storagePath(k, key), marker);
    const second = await fetchBytes(k, attachmentUrl(a, 'w160'));
    expect(second.data.equals(marker)).to.equal(true);
  });

  it('creates one File of several attachments with the form fields; its size is their sum', async function () {
    const group = filesGroup;
    const res = await upload(senderOf(k), [images.png, { name: 'contrat.pdf', type: 'application/pdf', data: PDF_DOC }], {
      name: 'Dossier Martin', description: 'Contrat et logo', fk: { group },
    });
    expect(res.status, JSON.stringify(res.body)).to.equal(201);
    expect(res.body).to.deep.include({ name: 'Dossier Martin', description: 'Contrat et logo', type: 'binary', size: images.png.data.length + PDF_DOC.length });
    expect(res.body.fk).to.deep.equal({ company: k.admin.companyId, group });
    expect(res.body.attachments.map((a: Attachment) => a.mime)).to.deep.equal(['image/png', 'application/pdf']);
    const one = await k.http.get(`${FILES}/${res.body._id}`);
    expect(one.body).to.deep.equal(res.body);
  });

  it('lists Files sorted and summed on their size, filtered by group', async function () {
    const big = await upload(senderOf(k), [images.jpeg], { name: 'Grand' });
    const list = await k.http.get(FILES, { query: { sort: { field: 'size', ascending: false }, aggregations: [{ name: 'total', field: 'size', sum: true }] } });
    expect(list.status, JSON.stringify(list.body)).to.equal(200);
    const sizes = list.body.data.map((f: { size: number }) => f.size);
    expect(sizes).to.deep.equal([...sizes].sort((x: number, y: number) => y - x));
    expect(list.body.data[0]._id).to.equal(big.body._id);
    expect(list.body.aggregation.total.sum).to.equal(sizes.reduce((s: number, x: number) => s + x, 0));
    const grouped = await k.http.get(FILES, { query: { filters: { 'fk.group': { mode: 'eq', value: filesGroup } } } });
    expect(grouped.body.data.map((f: { name: string }) => f.name)).to.deep.equal(['Dossier Martin']);
  });

  it('renames, describes and files a File; a bad group id, or a group that is not a files group of the company, is a 400 naming it', async function () {
    const created = (await upload(senderOf(k), [images.webp])).body;
    const res = await k.http.put(`${FILES}/${created._id}`, { name: 'Vitrine', description: 'Photo de la vitrine', fk: { group: filesGroup } });
    expect(res.status, JSON.stringify(res.body)).to.equal(200);
    expect(res.body).to.deep.include({ name: 'Vitrine', description: 'Photo de la vitrine', size: created.size, type: 'image' });
    expect(res.body.attachments).to.deep.equal(created.attachments);
    const bad = await k.http.put(`${FILES}/${created._id}`, { fk: { group: 'groupe-1' } });
    expect(bad.status).to.equal(400);
    expect(bad.body.details[0].field).to.equal('fk.group');
    const forbidden = await k.http.put(`${FILES}/${created._id}`, { attachments: [], size: 0 });
    expect(forbidden.status).to.equal(400);
    const ofB = await b.owner.http.post('/api/kernel/groups', { pluginIdentifier: 'kernel.files', name: 'Groupe de B' });
    const ofUsers = await k.http.post('/api/kernel/groups', { pluginIdentifier: 'kernel.establishments', name: 'Équipe' });
    expect([ofB.status, ofUsers.status], JSON.stringify([ofB.body, ofUsers.body])).to.deep.equal([201, 201]);
    for (const [group, message] of [['cd'.repeat(12), 'groupe introuvable'], [ofB.body._id, 'groupe introuvable'], [ofUsers.body._id, 'le groupe « Équipe » ne classe pas les fichiers']]) {
      const wrong = await k.http.put(`${FILES}/${created._id}`, { fk: { group } });
      expect([wrong.status, wrong.body.details], group).to.deep.equal([400, [{ field: 'fk.group', message }]]);
      const rows = await fileRows(k);
      const disk = storedFiles(k);
      const refused = await upload(senderOf(k), [images.png], { fk: { group } });
      expect([refused.status, refused.body.message]).to.deep.equal([400, `Groupe invalide : « fk.group » : ${message}.`]);
      expect(await fileRows(k)).to.equal(rows);
      expect(storedFiles(k)).to.deep.equal(disk);
    }
    expect((await k.http.get(`${FILES}/${created._id}`)).body.fk.group).to.equal(filesGroup);
    // a deleted group files nothing any more
    const archives = await k.http.post('/api/kernel/groups', { pluginIdentifier: 'kernel.files', name: 'Archives' });
    expect((await k.http.put(`${FILES}/${created._id}`, { fk: { group: archives.body._id } })).status).to.equal(200);
    expect((await k.http.delete(`/api/kernel/groups/${archives.body._id}`)).status).to.equal(204);
    let group: unknown = archives.body._id;
    for (let i = 0; i < 40 && group !== null; i += 1) {
      group = (await k.http.get(`${FILES}/${created._id}`)).body.fk.group;
      if (group !== null) await new Promise((r) => setTimeout(r, 25));
    }
    expect(group).to.equal(null);
  });

  it('deletes a File, then its bytes and variants once committed', async function () {
    const before = storedFiles(k);
    const created = (await upload(senderOf(k), [images.png, images.svg])).body;
    for (const a of created.attachments) await fetchBytes(k, attachmentUrl(a, 's64'));
    // asking one variant of an image stores all of them (drawn together): 2 originals, 2 × 9 variants
    expect(storedFiles(k).length).to.equal(before.length + 2 + 2 * (ATTACHMENT_VARIANTS.length - 1));
    const res = await k.http.delete(`${FILES}/${created._id}`);
    expect(res.status).to.equal(204);
    expect(storedFiles(k)).to.deep.equal(before);
    expect((await k.http.get(`${FILES}/${created._id}`)).status).to.equal(404);
    expect((await fetchBytes(k, attachmentUrl(created.attachments[0]))).status).to.equal(404);
  });

  it('lets any member upload and edit their own Files, not others’ without kernel.files.manage', async function () {
    const mine = await upload(senderOf(k, member.token, member.companyId), [images.gif]);
    expect(mine.status, JSON.stringify(mine.body)).to.equal(201);
    expect(mine.body.metadata.createdBy).to.equal(member.userId);
    expect((await member.http.put(`${FILES}/${mine.body._id}`, { name: 'Mon GIF' })).status).to.equal(200);
    const admins = (await upload(senderOf(k), [images.tiff])).body;
    const refused = await member.http.put(`${FILES}/${admins._id}`, { name: 'Pris' });
    expect(refused.status).to.equal(403);
    expect(refused.body.message).to.match(/^Seul l’auteur du dépôt/);
    expect((await member.http.delete(`${FILES}/${admins._id}`)).status).to.equal(403);
    expect((await member.http.get(`${FILES}/${admins._id}`)).status).to.equal(200);
    // the company's « Administrateur » holds every company permission
    expect((await k.http.put(`${FILES}/${mine.body._id}`, { description: 'Vu' })).status).to.equal(200);
  });

  it('keeps each company’s Files to itself', async function () {
    const ofA = (await upload(senderOf(k), [images.png], { name: 'Fichier de A' })).body;
    const ofB = await upload(senderOf(k, b.owner.token, b.companyId), [images.png], { name: 'Fichier de B' });
    expect(ofB.status).to.equal(201);
    expect(ofB.body.attachments[0].folder).to.equal(b.companyId);
    for (const [method, body] of [['GET', undefined], ['PUT', { name: 'x' }], ['DELETE', undefined]] as const) {
      const res = await b.owner.http.request(method, `${FILES}/${ofA._id}`, body);
      expect(res.status, method).to.equal(404);
    }
    const listOfB = await b.owner.http.get(FILES);
    expect(listOfB.body.data.map((f: { _id: string }) => f._id)).to.include(ofB.body._id).and.not.include(ofA._id);
    expect(listOfB.body.data.every((f: { fk: { company: string } }) => f.fk.company === b.companyId)).to.equal(true);
    const listOfA = await k.http.get(FILES, { query: { pagination: { quantity: 500 } } });
    expect(listOfA.body.data.map((f: { _id: string }) => f._id)).to.not.include(ofB.body._id);
    // a foreign company in AT-Company is refused before a byte is read
    const foreign = await upload(senderOf(k, k.admin.token, b.companyId), [images.png]);
    expect(foreign.status).to.equal(403);
  });

  it('accepts the form sent by the SDK’s HTTP client, reporting progress up to 100 %', async function () {
    const api = createClient({ baseURL: `${k.url}/api`, storage: new MemoryStorage() });
    api.setToken(k.admin.token);
    api.setCompany(k.admin.companyId);
    const progress: number[] = [];
    const rows = await fileRows(k);
    const blob = new Blob([images.jpeg.data], { type: 'image/jpeg' });
    const stored = await api.upload<{ _id: string; name: string; attachments: Attachment[] }>(
      '/kernel/files', { description: 'Envoyé par le SDK' }, [{ blob, name: 'Photo été.jpg', lastModified: 1_690_000_000_000 }], (p) => progress.push(p),
    );
    expect(stored.name).to.equal('Photo été.jpg');
    expect(stored.attachments[0]).to.deep.include({ name: 'Photo été.jpg', lastModified: 1_690_000_000_000, size: images.jpeg.data.length });
    expect(progress.at(-1)).to.equal(100);
    expect(progress).to.deep.equal([...progress].sort((x, y) => x - y));
    expect(await fileRows(k)).to.equal(rows + 1);
  });

  it('knows every variant name, and only those', function () {
    expect(ATTACHMENT_VARIANTS).to.deep.equal(['original', 'w64', 'w160', 'w320', 'w640', 'w1280', 'w1920', 's64', 's160', 's320']);
  });
});
