/**
 * Large images through the real server (issue 11, item 11): an image above MAX_PIXELS (8192 × 6144,
 * 50.3 million pixels) is refused at upload with a French 413 and nothing stored, while originals
 * stored by earlier versions (accepted up to 100 million) still get their variants; the variants of
 * an accepted large image are drawn once — one decoding for all of them — even when 8 anonymous
 * requests ask 8 different variants at the same time, and at most VARIANT_CONCURRENCY images are
 * drawn at once; later requests are plain reads from storage.
 */
import fs from 'node:fs';
import { expect } from 'chai';
import sharp from 'sharp';
import { createTestKernel, type TestKernel } from '@comptoir/sdk/testing';
import { attachmentUrl, type Attachment } from '@comptoir/schemas';
import type { VariantQueue } from '../../server/src/platform/services/files/variant-queue.ts';
import { VARIANT_CONCURRENCY } from '../../server/src/platform/services/files/variant-queue.ts';
import { bilevelPng } from '../support/images.ts';
import { fetchBytes, fileRows, senderOf, storagePath, storedFiles, upload } from '../support/upload.ts';
import { storageKey } from '../../server/src/platform/services/files/attachment-keys.ts';

/** a black image: millions of pixels in a few Ko */
const image = (name: string, width: number, height: number) => ({ name, type: 'image/png', data: bilevelPng(width, height) });

describe('kernel: large images and their variants', function () {
  this.timeout(120_000);
  let k: TestKernel;
  let queue: VariantQueue;

  before(async function () {
    k = await createTestKernel();
    queue = k.kernel.container.resolve('variants') as VariantQueue;
  });
  after(async function () { await k?.stop(); });

  it('refuses an image above 50.3 million pixels with a French 413, and stores nothing', async function () {
    // 12 000 × 9 000 (108 million) and 8 200 × 6 200 (50.8 million: accepted before, under the old 100 million)
    for (const [width, height] of [[12_000, 9_000], [8_200, 6_200]]) {
      const rows = await fileRows(k);
      const disk = storedFiles(k);
      const res = await upload(senderOf(k), [image('panorama.png', width, height)]);
      expect(res.status, JSON.stringify(res.body)).to.equal(413);
      expect(res.body).to.deep.include({
        status: 413, code: 'TOO_LARGE',
        message: `L’image « panorama.png » est trop grande (${width} × ${height} pixels) : 50,3 millions de pixels au plus.`,
      });
      expect(await fileRows(k)).to.equal(rows);
      expect(storedFiles(k)).to.deep.equal(disk);
    }
  });

  it('draws the variants of originals stored before the bound (up to 100 million pixels), which uploads refuse today (413)', async function () {
    for (const [width, height] of [[8_200, 6_200], [10_000, 10_000]]) {
      const legacy = image('ancienne.png', width, height);
      const refused = await upload(senderOf(k), [legacy]);
      expect(refused.status, JSON.stringify(refused.body)).to.equal(413);
      expect(refused.body.message).to.equal(`L’image « ancienne.png » est trop grande (${width} × ${height} pixels) : 50,3 millions de pixels au plus.`);
      // what an earlier version accepted: the original stored as it was uploaded then
      const res = await upload(senderOf(k), [image('ancienne.png', 640, 480)]);
      expect(res.status).to.equal(201);
      const a: Attachment = res.body.attachments[0];
      fs.writeFileSync(storagePath(k, storageKey(a, 'original')), legacy.data);
      const [w1920, s64] = await Promise.all([fetchBytes(k, attachmentUrl(a, 'w1920')), fetchBytes(k, attachmentUrl(a, 's64'))]);
      expect([w1920.status, s64.status], `${width} × ${height}`).to.deep.equal([200, 200]);
      const meta = await sharp(w1920.data).metadata();
      expect([meta.width, meta.height]).to.deep.equal([1920, Math.round((1920 * height) / width)]);
    }
  });

  it('draws the variants of a 48-million-pixel image once for 8 parallel anonymous requests of 8 variants', async function () {
    const res = await upload(senderOf(k), [image('vitrine.png', 8_000, 6_000)]);
    expect(res.status, JSON.stringify(res.body)).to.equal(201);
    const a: Attachment = res.body.attachments[0];
    const drawn = queue.stats.drawings;
    const asked = ['w64', 'w160', 'w320', 'w640', 'w1280', 'w1920', 's64', 's320'] as const;
    const answers = await Promise.all(asked.map((v) => fetchBytes(k, attachmentUrl(a, v))));
    expect(answers.map((r) => r.status)).to.deep.equal(asked.map(() => 200));
    expect(queue.stats.drawings - drawn, 'drawings of the image').to.equal(1);
    expect(queue.stats.maxRunning).to.be.at.most(VARIANT_CONCURRENCY);
    for (const [i, v] of asked.entries()) {
      const meta = await sharp(answers[i].data).metadata();
      const side = Number(v.slice(1));
      expect([meta.format, meta.width, meta.height], v).to.deep.equal(['jpeg', side, v.startsWith('s') ? side : (side * 3) / 4]);
    }
    // every variant is stored: asked again, by as many, they are read, not drawn
    const again = await Promise.all([...asked, 's160' as const].map((v) => fetchBytes(k, attachmentUrl(a, v))));
    expect(again.every((r) => r.status === 200)).to.equal(true);
    expect(again.slice(0, asked.length).every((r, i) => r.data.equals(answers[i].data))).to.equal(true);
    expect(queue.stats.drawings - drawn).to.equal(1);
  });

  it(`draws at most ${VARIANT_CONCURRENCY} images at once when many are asked together`, async function () {
    const uploaded: Attachment[] = [];
    for (let i = 0; i < 5; i += 1) {
      const res = await upload(senderOf(k), [image(`photo-${i}.png`, 3_000 + i, 2_000)]);
      expect(res.status).to.equal(201);
      uploaded.push(res.body.attachments[0]);
    }
    const drawn = queue.stats.drawings;
    const answers = await Promise.all(uploaded.flatMap((a) => [fetchBytes(k, attachmentUrl(a, 's64')), fetchBytes(k, attachmentUrl(a, 'w320'))]));
    expect(answers.every((r) => r.status === 200)).to.equal(true);
    expect(queue.stats.drawings - drawn).to.equal(5);
    expect(queue.stats.maxRunning).to.equal(VARIANT_CONCURRENCY);
    expect([queue.stats.running, queue.stats.waiting]).to.deep.equal([0, 0]);
  });
});
