/**
 * The variant queue (server/src/platform/services/files/variant-queue.ts): an image's variants are drawn
 * once, all together, whatever the number of parallel requests and the variants they ask; at most
 * VARIANT_CONCURRENCY images are drawn at once; later requests are plain reads.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect } from 'chai';
import sharp from 'sharp';
import { localDiskStorage } from '../src/storage/local-disk.ts';
import type { FileStorage } from '../src/storage/file-storage.ts';
import { storageKey } from '../src/platform/services/files/attachment-keys.ts';
import { DRAWN_VARIANTS, MAX_PIXELS, renderVariants, STORED_MAX_PIXELS } from '../src/platform/services/files/attachment-variants.ts';
import { createVariantQueue, VARIANT_CONCURRENCY } from '../src/platform/services/files/variant-queue.ts';
import { bilevelPng } from '../../test/support/images.ts';

const locationOf = (n: number) => ({ folder: 'a'.repeat(24), subfolder: 'files', filename: `${n.toString(16).padStart(32, '0')}.png` });
const photo = (width: number, height: number) => sharp({ create: { width, height, channels: 3, background: '#c87828' } }).png().toBuffer();

describe('image variants: the drawing queue', function () {
  let root: string;
  let disk: FileStorage;
  /** reads of originals: one per drawing */
  let originalReads: number;
  let storage: FileStorage;
  beforeEach(function () {
    root = fs.mkdtempSync(path.join(os.tmpdir(), 'comptoir-variants-'));
    disk = localDiskStorage(root);
    originalReads = 0;
    storage = { ...disk, get: (key) => { if (key.endsWith('/original')) originalReads += 1; return disk.get(key); } };
  });
  afterEach(function () { fs.rmSync(root, { recursive: true, force: true }); });

  it('draws an image once for 8 parallel requests of 8 different variants, then serves every variant from storage', async function () {
    const location = locationOf(1);
    await disk.put(storageKey(location, 'original'), await photo(2400, 1800));
    const queue = createVariantQueue(storage);
    const asked = ['w64', 'w160', 'w320', 'w640', 'w1280', 'w1920', 's64', 's320'] as const;
    const answers = await Promise.all(asked.map((v) => queue.variant(location, v, 'png')));
    expect(queue.stats.drawings).to.equal(1);
    expect(originalReads).to.equal(1);
    for (const [i, v] of asked.entries()) {
      const meta = await sharp(answers[i]).metadata();
      const side = Number(v.slice(1));
      expect([meta.width, meta.height], v).to.deep.equal(v.startsWith('s') ? [side, side] : [side, (side * 3) / 4]);
    }
    // the whole set is stored: any variant is now a plain read, never a drawing
    for (const v of DRAWN_VARIANTS) expect(await disk.stat(storageKey(location, v)), v).to.not.equal(null);
    await Promise.all(Array.from({ length: 8 }, () => queue.variant(location, 's160', 'png')));
    expect([queue.stats.drawings, originalReads]).to.deep.equal([1, 1]);
  });

  it(`draws at most ${VARIANT_CONCURRENCY} images at once, each once, under 12 parallel requests on 6 images`, async function () {
    const queue = createVariantQueue(storage);
    const locations = [1, 2, 3, 4, 5, 6].map(locationOf);
    for (const l of locations) await disk.put(storageKey(l, 'original'), await photo(1600, 1200));
    await Promise.all(locations.flatMap((l) => [queue.variant(l, 'w320', 'png'), queue.variant(l, 's64', 'png')]));
    expect(queue.stats.drawings).to.equal(6);
    expect(queue.stats.maxRunning).to.equal(VARIANT_CONCURRENCY);
    expect([queue.stats.running, queue.stats.waiting]).to.deep.equal([0, 0]);
  });

  it('answers 404 for a missing original or an unreadable image, and stores nothing', async function () {
    const queue = createVariantQueue(storage);
    const missing = locationOf(7);
    let error: { status?: number; message?: string } = {};
    try { await queue.variant(missing, 'w64', 'png'); } catch (e) { error = e as typeof error; }
    expect([error.status, error.message]).to.deep.equal([404, 'Pièce jointe introuvable.']);
    const broken = locationOf(8);
    await disk.put(storageKey(broken, 'original'), Buffer.from('pas une image'));
    try { await queue.variant(broken, 'w64', 'png'); } catch (e) { error = e as typeof error; }
    expect([error.status, error.message]).to.deep.equal([404, 'Cette image est illisible : aucune variante ne peut en être faite.']);
    const keys: string[] = [];
    for await (const k of disk.list('')) keys.push(k);
    expect(keys).to.deep.equal([storageKey(broken, 'original')]);
  });

  it('draws the variants of an original stored by an earlier version above MAX_PIXELS, up to STORED_MAX_PIXELS (100 million)', async function () {
    this.timeout(60_000);
    // 8200 × 6200 = 50.8 million pixels, and 10 000 × 10 000: refused at upload today, accepted before
    expect(8200 * 6200).to.be.greaterThan(MAX_PIXELS);
    expect(10_000 * 10_000).to.equal(STORED_MAX_PIXELS);
    for (const [width, height] of [[8200, 6200], [10_000, 10_000]]) {
      const location = locationOf(width);
      await disk.put(storageKey(location, 'original'), bilevelPng(width, height));
      const queue = createVariantQueue(storage);
      const w1920 = await sharp(await queue.variant(location, 'w1920', 'png')).metadata();
      expect([w1920.width, w1920.height], `${width} × ${height}`).to.deep.equal([1920, Math.round((1920 * height) / width)]);
      expect(queue.stats.drawings).to.equal(1);
    }
  });

  it('never decodes more than STORED_MAX_PIXELS (sharp limitInputPixels): 404, nothing stored', async function () {
    this.timeout(60_000);
    const big = bilevelPng(10_000, 10_001);
    let error: Error | null = null;
    try { await renderVariants(big, 'png'); } catch (e) { error = e as Error; }
    expect(error?.name).to.equal('UnreadableImageError');
    expect(error?.message).to.match(/pixel limit/i);
    const location = locationOf(99);
    await disk.put(storageKey(location, 'original'), big);
    const queue = createVariantQueue(storage);
    const refused = await queue.variant(location, 's64', 'png').then(() => null, (e: { status?: number; message?: string }) => e);
    expect(refused).to.deep.include({ status: 404, message: 'Cette image est illisible : aucune variante ne peut en être faite.' });
    const keys: string[] = [];
    for await (const key of disk.list('')) keys.push(key);
    expect(keys).to.deep.equal([storageKey(location, 'original')]);
  });
});
