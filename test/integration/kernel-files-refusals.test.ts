/**
 * Bad uploads and bad attachment addresses (platform README « Files and attachments »; http README « Uploads and attachments »): a
 * disguised, oversized or mis-declared file, a malformed or truncated form each get a clear French
 * 4xx, and nothing is stored — no row, no byte on disk, even when the refusal comes half-way
 * through a file or after an earlier file of the same form was stored. Path tricks on
 * /attachment/… never reach another file.
 */
import http from 'node:http';
import { expect } from 'chai';
import { createTestKernel, type TestKernel, type TestResponse } from '@comptoir/sdk/testing';
import { attachmentUrl, type Attachment } from '@comptoir/schemas';
import { samples, icoOfMonochrome, HTML_PAGE, SVG_TEXT, windowsProgram, type Sample } from '../support/images.ts';
import { fileRows, handForm, postForm, rawSend, senderOf, storedFiles, upload, type Sender, type UploadFile } from '../support/upload.ts';

const FILE_LIMIT = 100_000; // 97,7 Ko
const REQUEST_LIMIT = 250_000; // 244,1 Ko

const bytes = (n: number, name = 'donnees.bin'): UploadFile => ({ name, type: 'application/octet-stream', data: Buffer.alloc(n, 7) });

describe('kernel: refused uploads store nothing', function () {
  let k: TestKernel;
  let s: Sender;
  let images: Record<string, Sample>;
  let kept: Attachment;

  before(async function () {
    k = await createTestKernel({
      env: { COMPTOIR_UPLOAD_FILE_LIMIT: String(FILE_LIMIT), COMPTOIR_UPLOAD_REQUEST_LIMIT: String(REQUEST_LIMIT), COMPTOIR_UPLOAD_MAX_FILES: '3' },
    });
    s = senderOf(k);
    images = await samples();
    const ok = await upload(s, [images.png]);
    expect(ok.status, JSON.stringify(ok.body)).to.equal(201);
    kept = ok.body.attachments[0];
  });
  after(async function () { await k?.stop(); });

  /** sends, then checks the status, the French message and that rows and disk are unchanged */
  async function refused(send: () => Promise<TestResponse | { status: number; body: unknown }>, status: number, message: string | RegExp) {
    const rows = await fileRows(k);
    const disk = storedFiles(k);
    const res = await send();
    const body = res.body as { status: number; code: string; message: string };
    expect(res.status, JSON.stringify(body)).to.equal(status);
    expect(body.status).to.equal(status);
    expect(body.code).to.equal(status === 413 ? 'TOO_LARGE' : status === 401 ? 'UNAUTHENTICATED' : 'VALIDATION');
    // sizes are written with no-break spaces (formatSize): compared here as plain spaces
    const text = body.message.replace(/[\u00a0\u202f]/g, ' ');
    if (typeof message === 'string') expect(text).to.equal(message);
    else expect(text).to.match(message);
    expect(await fileRows(k), 'a row was written').to.equal(rows);
    expect(storedFiles(k), 'bytes were left on disk').to.deep.equal(disk);
  }

  it('refuses an HTML page and a program disguised as PNG images', async function () {
    await refused(() => upload(s, [{ name: 'photo.png', type: 'image/png', data: HTML_PAGE }]), 400,
      'Le fichier « photo.png » n’est pas une image PNG : son contenu est du texte ou un format non reconnu. Il est refusé.');
    await refused(() => upload(s, [{ name: 'photo.png', type: 'image/png', data: windowsProgram() }]), 400,
      'Le fichier « photo.png » est un programme : les programmes ne sont pas acceptés.');
  });

  it('removes the files already stored when a later file of the same form is refused', async function () {
    await refused(() => upload(s, [images.jpeg, images.gif, { name: 'image.gif', type: 'image/gif', data: HTML_PAGE }]), 400, /« image\.gif » n’est pas une image GIF/);
  });

  it('refuses an SVG carrying a script, and an image type the spec does not accept', async function () {
    const evil = SVG_TEXT.replace('</svg>', '<script>alert(document.domain)</script></svg>');
    await refused(() => upload(s, [{ name: 'logo.svg', type: 'image/svg+xml', data: evil }]), 400,
      'Le fichier SVG « logo.svg » est refusé : il contient un élément <script> (code actif ou contenu HTML).');
    await refused(() => upload(s, [{ name: 'photo.heic', type: 'image/heic', data: images.jpeg.data }]), 400, /n’est pas d’un type d’image accepté/);
  });

  it('refuses an icon whose bitmap claims more than 256 pixels a side, and an SVG calling a third party', async function () {
    // 600 × 400 pixels in 60 Ko: decode-ico would decode it in JavaScript at each variant (8000 × 5000 in 10 Mo held the server 2 s)
    await refused(() => upload(s, [{ name: 'favicon.ico', type: 'image/x-icon', data: icoOfMonochrome(600, 400) }]), 400,
      'L’image « favicon.ico » est illisible ou endommagée (ICO) : elle est refusée.');
    const tracker = SVG_TEXT.replace('</svg>', '<image href="https://pisteur.exemple/p.png" width="1" height="1"/></svg>');
    await refused(() => upload(s, [{ name: 'logo.svg', type: 'image/svg+xml', data: tracker }]), 400,
      'Le fichier SVG « logo.svg » est refusé : il fait appel à une ressource extérieure (href="https://pisteur.exemple/p.png").');
  });

  it('refuses a file over the per-file limit (413), before reading it', async function () {
    await refused(() => upload(s, [bytes(150_000, 'gros.bin')]), 413,
      'Le fichier « gros.bin » (146,5 Ko) dépasse la taille maximale de 97,7 Ko par fichier.');
  });

  it('refuses a request over the per-request limit, and more files than allowed (413)', async function () {
    await refused(() => upload(s, [bytes(90_000, 'a.bin'), bytes(90_000, 'b.bin'), bytes(90_000, 'c.bin')]), 413,
      'L’envoi dépasse la taille maximale de 244,1 Ko par envoi.');
    await refused(() => upload(s, [bytes(10, 'a.bin'), bytes(10, 'b.bin'), bytes(10, 'c.bin'), bytes(10, 'd.bin')]), 413,
      'Trop de fichiers : 3 au plus par envoi.');
    // announced too large in Content-Length: refused before parsing
    const huge = Buffer.alloc(REQUEST_LIMIT + 1024 * 1024 + 10, 1);
    await refused(() => rawSend(s, 'POST', '/api/kernel/files', huge, { 'Content-Type': 'multipart/form-data; boundary=x' }), 413,
      'L’envoi dépasse la taille maximale de 244,1 Ko par envoi.');
  });

  it('refuses a file larger than declared half-way through, and one smaller than declared', async function () {
    const liar = (declared: number, sent: UploadFile) => handForm([
      ['fileCount', '1'], ['name[]', sent.name], ['mime[]', sent.type], ['size[]', String(declared)], ['lastModified[]', '0'], ['files[]', sent],
    ]);
    // 90 000 bytes announced as 20 000: stopped after 20 000, the partial copy removed
    await refused(async () => postForm(s, '/api/kernel/files', liar(20_000, bytes(90_000))), 400,
      'Le fichier « donnees.bin » est plus gros que sa taille annoncée (size[0] = 20000 octets) : il est refusé.');
    await refused(async () => postForm(s, '/api/kernel/files', liar(5_000, { ...images.png, name: 'logo.png' })), 400, /« logo\.png » est (plus gros|plus petit) que sa taille annoncée/);
    await refused(async () => postForm(s, '/api/kernel/files', liar(9_000, bytes(8_000))), 400,
      'Le fichier « donnees.bin » est plus petit que sa taille annoncée (8000 octets reçus, 9000 annoncés) : il est refusé.');
  });

  it('refuses a form without fileCount, with arrays of the wrong length, or with missing files', async function () {
    const file = bytes(100, 'a.bin');
    await refused(async () => postForm(s, '/api/kernel/files', handForm([['name[]', 'a.bin'], ['mime[]', 'x/y'], ['size[]', '100'], ['lastModified[]', '0'], ['files[]', file]])), 400,
      'fileCount manquant : il doit précéder les fichiers.');
    await refused(async () => postForm(s, '/api/kernel/files', handForm([['fileCount', '2'], ['name[]', 'a.bin'], ['mime[]', 'x/y'], ['size[]', '100'], ['lastModified[]', '0'], ['files[]', file], ['files[]', file]])), 400,
      'name[] doit contenir une valeur par fichier, avant les fichiers (2 attendues, 1 reçues).');
    const two = (n: string) => handForm([['fileCount', n], ['name[]', 'a.bin'], ['name[]', 'b.bin'], ['mime[]', 'x/y'], ['mime[]', 'x/y'], ['size[]', '100'], ['size[]', '100'], ['lastModified[]', '0'], ['lastModified[]', '0'], ['files[]', file]]);
    await refused(async () => postForm(s, '/api/kernel/files', two('2')), 400, 'fileCount annonce 2 fichier(s), 1 reçu(s).');
    await refused(async () => postForm(s, '/api/kernel/files', two('zéro')), 400, 'fileCount doit être un nombre entier de fichiers, au moins 1.');
    await refused(async () => postForm(s, '/api/kernel/files', handForm([['fileCount', '1'], ['name[]', 'a.bin'], ['mime[]', 'x/y'], ['size[]', 'cent'], ['lastModified[]', '0'], ['files[]', file]])), 400,
      'size[0] doit être une taille en octets (reçu « cent »).');
    await refused(async () => postForm(s, '/api/kernel/files', handForm([['fileCount', '1'], ['name[]', 'a.bin'], ['mime[]', 'x/y'], ['size[]', '100'], ['lastModified[]', '9999999999999999'], ['files[]', file]])), 400,
      'lastModified[0] doit être une date en millisecondes (reçu « 9999999999999999 »).');
    await refused(async () => postForm(s, '/api/kernel/files', handForm([['fileCount', '1'], ['name[]', 'a.bin'], ['mime[]', 'x/y'], ['size[]', '100'], ['lastModified[]', '0'], ['fichier', file]])), 400,
      'Partie inattendue : « fichier » (les fichiers s’envoient sous files[]).');
  });

  it('refuses fields that are not JSON, unknown fields and a bad group, before storing a byte', async function () {
    await refused(async () => postForm(s, '/api/kernel/files', handForm([['description', 'pas du JSON'], ['fileCount', '1'], ['name[]', 'a.png'], ['mime[]', 'image/png'], ['size[]', String(images.png.data.length)], ['lastModified[]', '0'], ['files[]', images.png]])), 400,
      'Le champ « description » n’est pas du JSON valide (chaque champ du formulaire est encodé en JSON).');
    await refused(() => upload(s, [images.png], { couleur: 'rouge' }), 400, /champ inconnu|couleur/);
    const bad = await upload(s, [images.png], { fk: { group: 'groupe' } });
    expect(bad.status).to.equal(400);
    expect(bad.body.details[0].field).to.equal('fk.group');
  });

  it('refuses a truncated or malformed multipart body, and JSON sent instead of a form', async function () {
    const boundary = 'limite-comptoir';
    const head = [
      `--${boundary}\r\nContent-Disposition: form-data; name="fileCount"\r\n\r\n1\r\n`,
      `--${boundary}\r\nContent-Disposition: form-data; name="name[]"\r\n\r\na.bin\r\n`,
      `--${boundary}\r\nContent-Disposition: form-data; name="mime[]"\r\n\r\napplication/octet-stream\r\n`,
      `--${boundary}\r\nContent-Disposition: form-data; name="size[]"\r\n\r\n5000\r\n`,
      `--${boundary}\r\nContent-Disposition: form-data; name="lastModified[]"\r\n\r\n0\r\n`,
      `--${boundary}\r\nContent-Disposition: form-data; name="files[]"; filename="a.bin"\r\nContent-Type: application/octet-stream\r\n\r\n`,
    ].join('');
    const truncated = Buffer.concat([Buffer.from(head), Buffer.alloc(3000, 1)]); // no closing boundary
    await refused(() => rawSend(s, 'POST', '/api/kernel/files', truncated, { 'Content-Type': `multipart/form-data; boundary=${boundary}` }), 400,
      /^Formulaire multipart invalide ou incomplet|plus petit que sa taille annoncée/);
    // the client goes away half-way: what was written of the file is removed
    const rows = await fileRows(k);
    const disk = storedFiles(k);
    await new Promise<void>((resolve) => {
      const url = new URL(k.url);
      const req = http.request({
        hostname: url.hostname, port: url.port, path: '/api/kernel/files', method: 'POST',
        headers: { Authorization: `Bearer ${k.admin.token}`, 'AT-Company': k.admin.companyId, 'Content-Type': `multipart/form-data; boundary=${boundary}`, 'Content-Length': '100000' },
      });
      req.on('error', () => resolve());
      req.write(truncated, () => setTimeout(() => { req.destroy(); resolve(); }, 200));
    });
    for (let i = 0; i < 50 && storedFiles(k).length !== disk.length; i += 1) await new Promise((r) => setTimeout(r, 50));
    expect(storedFiles(k)).to.deep.equal(disk);
    expect(await fileRows(k)).to.equal(rows);
    await refused(() => rawSend(s, 'POST', '/api/kernel/files', Buffer.from('n’importe quoi'), { 'Content-Type': 'multipart/form-data' }), 400, /^Envoyez les fichiers en multipart\/form-data/);
    await refused(() => k.http.post('/api/kernel/files', { name: 'x' }), 400, /^Envoyez les fichiers en multipart\/form-data/);
  });

  it('refuses an upload without a session before reading it', async function () {
    await refused(() => upload({ ...s, token: null }, [images.png]), 401, /./);
  });

  it('refuses path tricks on /attachment/… and answers unknown variants with 404', async function () {
    const { folder, filename } = kept;
    const tricks = [
      '/attachment/../../etc/passwd/original',
      `/attachment/${folder}/files/..%2F..%2Fcomptoir.sqlite/original`,
      `/attachment/${folder}/files/%2e%2e/original`,
      `/attachment/${folder}/files/${filename}/..%2f..%2f..%2fcomptoir.sqlite`,
      `/attachment/${folder}/..%5c..%5c/${filename}/original`,
      `/attachment/${folder}/files/${filename}/original/../../../comptoir.sqlite`,
      `/attachment/${folder}/files/${filename}`,
      '/attachment/%00/files/x/original',
    ];
    for (const t of tricks) {
      const res = await rawSend({ ...s, token: null, company: null }, 'GET', t, null);
      expect([400, 404], `${t}: ${res.status}`).to.include(res.status);
      expect(res.body.code, t).to.be.oneOf(['VALIDATION', 'NOT_FOUND']);
    }
    const unknown = await rawSend({ ...s, token: null, company: null }, 'GET', attachmentUrl(kept).replace(/original$/, 'w321'), null);
    expect(unknown.status).to.equal(404);
    expect(unknown.body.message).to.match(/^Variante inconnue : « w321 »/);
    const absent = await rawSend({ ...s, token: null, company: null }, 'GET', attachmentUrl({ ...kept, filename: `${'0'.repeat(32)}.png` }), null);
    expect([absent.status, absent.body.message]).to.deep.equal([404, 'Pièce jointe introuvable.']);
    expect(absent.headers['cache-control'] ?? '').to.not.include('immutable');
    // and the real one answers, without any session: the URL is the capability
    const real = await rawSend({ ...s, token: null, company: null }, 'GET', attachmentUrl(kept), null);
    expect(real.status).to.equal(200);
  });
});
