/**
 * The kernel with `COMPTOIR_STORAGE=s3` against a real S3 protocol server (s3rver in its own
 * process): uploads land in the bucket under the local layout's keys and nothing in DATA_DIR/files;
 * originals and variants are served from the bucket (8 parallel anonymous requests draw an image
 * once); a refused upload and a deleted File leave no object; an avatar replaced takes its old
 * objects with it. A backup made by the route holds the bucket's objects; `npm run restore` puts
 * them into another, empty bucket, and a kernel booted on it serves the same bytes. A bucket that
 * does not answer stops the start with a French sentence naming the variables.
 */
import fs from 'node:fs';
import path from 'node:path';
import { expect } from 'chai';
import sharp from 'sharp';
import * as tar from 'tar';
import { createTestKernel, throwawayDatabase, type TestKernel, type ThrowawayDatabase } from '@comptoir/sdk/testing';
import { createKernel, loadConfig } from '@comptoir/server';
import { attachmentUrl, ATTACHMENT_VARIANTS, type Attachment } from '@comptoir/schemas';
import { s3Storage, type S3FileStorage } from '../../server/src/storage/s3.ts';
import type { VariantQueue } from '../../server/src/platform/services/files/variant-queue.ts';
import { startS3Server, type S3TestServer } from '../support/s3-server.ts';
import { samples, windowsProgram, type Sample } from '../support/images.ts';
import { fetchBytes, senderOf, storedFiles, upload } from '../support/upload.ts';
import { childEnv, databaseEnv, runNode } from '../../tools/test/support.ts';

const FILES = '/api/kernel/files';
const VARIANTS = ATTACHMENT_VARIANTS.length - 1;

describe('kernel: files in an S3 bucket (COMPTOIR_STORAGE=s3)', function () {
  this.timeout(120_000);
  let s3: S3TestServer;
  let k: TestKernel;
  let bucket: S3FileStorage;
  let restoredBucket: S3FileStorage;
  let images: Record<string, Sample>;
  let target: ThrowawayDatabase;
  const kept: { url: string; bytes: Buffer }[] = [];

  const objects = async (storage: S3FileStorage = bucket) => {
    const keys: string[] = [];
    for await (const key of storage.list('')) keys.push(key);
    return keys.sort();
  };

  before(async function () {
    s3 = await startS3Server(['fichiers', 'restauration']);
    k = await createTestKernel({ env: s3.env('fichiers', 'comptoir/') });
    bucket = s3Storage(s3.config('fichiers', 'comptoir/'));
    restoredBucket = s3Storage(s3.config('restauration'));
    images = await samples();
    target = await throwawayDatabase();
  });
  after(async function () {
    bucket?.close();
    restoredBucket?.close();
    await k?.stop();
    await target?.drop();
    await s3?.stop();
  });

  it('stores an upload in the bucket under the local layout, nothing on local disk, and serves it back', async function () {
    const res = await upload(senderOf(k), [images.jpeg, { name: 'contrat.pdf', type: 'application/pdf', data: Buffer.from('%PDF-1.4\n%%EOF\n') }]);
    expect(res.status, JSON.stringify(res.body)).to.equal(201);
    const [photo, pdf]: Attachment[] = res.body.attachments;
    expect(await objects()).to.deep.equal([`${photo.folder}/files/${photo.filename}/original`, `${pdf.folder}/files/${pdf.filename}/original`].sort());
    expect(storedFiles(k)).to.deep.equal([]);
    const original = await fetchBytes(k, attachmentUrl(photo));
    expect([original.status, original.headers.get('content-type'), original.data.equals(images.jpeg.data)]).to.deep.equal([200, 'image/jpeg', true]);
    expect(original.headers.get('content-length')).to.equal(String(images.jpeg.data.length));
    const head = await fetch(new URL(attachmentUrl(pdf), k.url), { method: 'HEAD' });
    expect([head.status, head.headers.get('content-length')]).to.deep.equal([200, '15']);
    kept.push({ url: attachmentUrl(photo), bytes: images.jpeg.data });
  });

  it('draws the variants once for 8 parallel anonymous requests, stores them in the bucket, then reads them from there', async function () {
    const res = await upload(senderOf(k), [images.png]);
    const a: Attachment = res.body.attachments[0];
    const queue = k.kernel.container.resolve('variants') as VariantQueue;
    const drawn = queue.stats.drawings;
    const asked = ['w64', 'w160', 'w320', 'w640', 'w1280', 'w1920', 's64', 's320'] as const;
    const answers = await Promise.all(asked.map((v) => fetchBytes(k, attachmentUrl(a, v))));
    expect(answers.map((r) => r.status)).to.deep.equal(asked.map(() => 200));
    expect(queue.stats.drawings - drawn).to.equal(1);
    expect((await sharp(answers[6].data).metadata()).width).to.equal(64);
    const prefix = `${a.folder}/files/${a.filename}/`;
    expect((await objects()).filter((key) => key.startsWith(prefix))).to.have.length(1 + VARIANTS);
    expect((await bucket.get(`${prefix}w320`))!.equals(answers[2].data)).to.equal(true);
    await Promise.all(asked.map((v) => fetchBytes(k, attachmentUrl(a, v))));
    expect(queue.stats.drawings - drawn).to.equal(1);
    kept.push({ url: attachmentUrl(a, 'w320'), bytes: answers[2].data });
  });

  it('leaves no object behind a refused upload, a deleted File or a replaced avatar', async function () {
    const before = await objects();
    const refused = await upload(senderOf(k), [images.gif, { name: 'photo.png', type: 'image/png', data: windowsProgram() }]);
    expect(refused.status).to.equal(400);
    expect(await objects()).to.deep.equal(before);

    const made = await upload(senderOf(k), [images.webp]);
    const a: Attachment = made.body.attachments[0];
    expect((await fetchBytes(k, attachmentUrl(a, 's64'))).status).to.equal(200);
    expect((await objects()).length).to.equal(before.length + 1 + VARIANTS);
    expect((await k.http.delete(`${FILES}/${made.body._id}`)).status).to.equal(204);
    expect(await objects()).to.deep.equal(before);
    expect((await fetchBytes(k, attachmentUrl(a))).status).to.equal(404);

    const first = await upload(senderOf(k), [images.png], {}, '/api/kernel/avatar');
    expect(first.status, JSON.stringify(first.body)).to.equal(200);
    const avatar: Attachment = first.body.attachments.find((x: Attachment) => x.tags.includes('avatar'));
    expect((await fetchBytes(k, attachmentUrl(avatar, 's64'))).status).to.equal(200);
    const second = await upload(senderOf(k), [images.jpeg], {}, '/api/kernel/avatar');
    expect(second.status).to.equal(200);
    const mine = (await objects()).filter((key) => key.startsWith(`${k.admin.userId}/avatar/`));
    const current: Attachment = second.body.attachments.find((x: Attachment) => x.tags.includes('avatar'));
    expect(mine).to.deep.equal([`${k.admin.userId}/avatar/${current.filename}/original`]);
  });

  it('backs the bucket up with the database; npm run restore puts the objects into another bucket, served by a kernel booted on it', async function () {
    const made = await k.http.post('/api/kernel/backups', { label: 's3' });
    expect(made.status, JSON.stringify(made.body)).to.equal(201);
    const stored = await objects();
    let bytes = 0;
    for (const key of stored) bytes += (await bucket.stat(key))!.size;
    expect(made.body.storageSize).to.equal(bytes);
    const archive = path.join(k.kernel.config.dataDir, 'backups', `${made.body.name}.tar.gz`);
    const entries: string[] = [];
    await tar.t({ file: archive, onReadEntry: (e) => { entries.push(e.path); } });
    expect(entries.filter((e) => e.startsWith('files/')).sort()).to.deep.equal(stored.map((key) => `files/${key}`));

    const env = childEnv({ ...databaseEnv(target), ...s3.env('restauration') });
    const run = await runNode(['--import', 'tsx', 'tools/src/restore.ts', archive], env);
    expect(run.code, run.stderr).to.equal(0);
    expect(run.stdout).to.include('Fichiers : le seau S3 « restauration »');
    expect(run.stdout).to.include(`${stored.length} fichiers stockés`);
    expect(await objects(restoredBucket)).to.deep.equal(stored);
    expect(fs.existsSync(path.join(target.dataDir, 'files'))).to.equal(false);

    // a second restore into the now full bucket is refused, naming it
    const again = await runNode(['--import', 'tsx', 'tools/src/restore.ts', archive], env);
    expect(again.code).to.equal(1);
    expect(again.stderr).to.match(/le seau S3 « restauration » sur http:\/\/127\.0\.0\.1:\d+ n’est pas vide/);

    const config = loadConfig({ ...databaseEnv(target), ...s3.env('restauration'), LOG_LEVEL: 'silent' });
    const restored = await createKernel({ config, pluginDirs: [] });
    try {
      const { url } = await restored.listen(0, '127.0.0.1');
      for (const { url: route, bytes: expected } of kept) {
        const res = await fetch(new URL(route, url));
        expect(res.status, route).to.equal(200);
        expect(Buffer.from(await res.arrayBuffer()).equals(expected), route).to.equal(true);
      }
      // served from the bucket, not drawn again
      expect((restored.container.resolve('variants') as VariantQueue).stats.drawings).to.equal(0);
    } finally {
      await restored.stop();
    }
  });

  it('stops the start with a French sentence when the bucket does not exist or the keys are refused', async function () {
    const missing = loadConfig({ ...databaseEnv(target), ...s3.env('seau-absent'), LOG_LEVEL: 'silent' });
    let error: Error | null = null;
    try { await (await createKernel({ config: missing, pluginDirs: [] })).stop(); } catch (e) { error = e as Error; }
    expect(error?.name).to.equal('ConfigError');
    expect(error?.message).to.match(/^Stockage des fichiers inutilisable \(COMPTOIR_STORAGE=s3, le seau S3 « seau-absent » sur http:\/\/127\.0\.0\.1:\d+\) : le seau « seau-absent » n’existe pas \(COMPTOIR_S3_BUCKET\)\.$/);
    // s3rver checks the key's id, not SigV4 signatures: an unknown id is its refusal
    const refused = loadConfig({ ...databaseEnv(target), ...s3.env('fichiers'), COMPTOIR_S3_ACCESS_KEY_ID: 'INCONNUE', COMPTOIR_S3_SECRET_ACCESS_KEY: 'cle-secrete', LOG_LEVEL: 'silent' });
    error = null;
    try { await (await createKernel({ config: refused, pluginDirs: [] })).stop(); } catch (e) { error = e as Error; }
    expect(error?.message).to.match(/ : accès refusé : vérifiez COMPTOIR_S3_ACCESS_KEY_ID, COMPTOIR_S3_SECRET_ACCESS_KEY et les droits de la clé sur ce seau\.$/);
    expect(error?.message).to.not.include('cle-secrete');
  });
});
