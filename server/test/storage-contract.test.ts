/**
 * The FileStorage contract of server/src/storage/file-storage.ts, one suite run against both
 * implementations: the local disk (a temporary folder) and S3 (s3rver, a real S3 protocol server,
 * on a free port with a temporary folder). Atomic writes (a stream failing half-way leaves
 * nothing and rejects with its own error, below and above the multipart size), missing is not an
 * error, list by prefix, large objects streamed both ways, keys held to their grammar. Then what
 * is particular to each: empty folders pruned and no temporary file left open (disk); prefixes
 * kept apart, a missing bucket an error rather than an absence (S3).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createHash } from 'node:crypto';
import { Readable } from 'node:stream';
import { expect } from 'chai';
import { PutObjectCommand } from '@aws-sdk/client-s3';
import { localDiskStorage } from '../src/storage/local-disk.ts';
import { s3Storage, type S3FileStorage } from '../src/storage/s3.ts';
import type { FileStorage } from '../src/storage/file-storage.ts';
import { startS3Server, type S3TestServer } from '../../test/support/s3-server.ts';

interface Opened {
  storage: FileStorage;
  /** writes a name as is, past the storage (a file put there by hand) */
  putRaw(name: string, data: Buffer): Promise<void>;
  close(): Promise<void>;
}

interface Subject { name: string; before?(): Promise<void>; after?(): Promise<void>; open(): Promise<Opened> }

async function keysOf(storage: FileStorage, prefix = ''): Promise<string[]> {
  const keys: string[] = [];
  for await (const k of storage.list(prefix)) keys.push(k);
  return keys.sort();
}

async function bytesOf(stream: Readable): Promise<{ data: Buffer; largestChunk: number }> {
  const chunks: Buffer[] = [];
  let largestChunk = 0;
  for await (const c of stream) {
    chunks.push(c as Buffer);
    largestChunk = Math.max(largestChunk, (c as Buffer).length);
  }
  return { data: Buffer.concat(chunks), largestChunk };
}

/** `size` bytes of a repeatable pattern, made as they are read, 64 Kio at a time */
function generated(size: number, failAfter?: number): Readable {
  return Readable.from((async function* () {
    for (let sent = 0; sent < size; sent += 64 * 1024) {
      if (failAfter !== undefined && sent >= failAfter) throw new Error('coupé en route');
      yield Buffer.alloc(Math.min(64 * 1024, size - sent), sent % 251);
    }
  })());
}

const sha = (b: Buffer) => createHash('sha256').update(b).digest('hex');
const MIB = 1024 * 1024;

function contract(subject: Subject) {
  describe(`storage contract: ${subject.name}`, function () {
    this.timeout(60_000);
    let opened: Opened;
    let storage: FileStorage;
    if (subject.before) before(subject.before);
    if (subject.after) after(subject.after);
    beforeEach(async function () {
      opened = await subject.open();
      storage = opened.storage;
    });
    afterEach(async function () { await opened.close(); });

    it('writes, reads (whole or streamed), stats, lists by prefix and removes', async function () {
      await storage.put('a/b/c/original', Buffer.from('bonjour'));
      const { size } = await storage.putStream('a/b/d/original', Readable.from([Buffer.from('un '), Buffer.from('deux')]));
      expect(size).to.equal(7);
      await storage.put('a/z/original', Buffer.from('autre'));
      expect((await storage.get('a/b/c/original'))!.toString()).to.equal('bonjour');
      const streamed = await storage.getStream('a/b/d/original');
      expect(streamed!.size).to.equal(7);
      expect((await bytesOf(streamed!.stream)).data.toString()).to.equal('un deux');
      expect(await storage.stat('a/b/c/original')).to.deep.equal({ size: 7 });
      expect(await keysOf(storage, 'a/b/')).to.deep.equal(['a/b/c/original', 'a/b/d/original']);
      expect(await keysOf(storage, 'a/b/c')).to.deep.equal(['a/b/c/original']);
      expect(await keysOf(storage)).to.deep.equal(['a/b/c/original', 'a/b/d/original', 'a/z/original']);
      await storage.remove('a/b/c/original');
      expect(await storage.get('a/b/c/original')).to.equal(null);
      expect(await keysOf(storage)).to.deep.equal(['a/b/d/original', 'a/z/original']);
    });

    it('answers null for a missing object, and removing one is not an error', async function () {
      expect(await storage.get('x/original')).to.equal(null);
      expect(await storage.getStream('x/original')).to.equal(null);
      expect(await storage.stat('x/original')).to.equal(null);
      await storage.remove('x/original');
      expect(await keysOf(storage, 'x/')).to.deep.equal([]);
    });

    it('replaces an object whole', async function () {
      await storage.put('r/original', Buffer.alloc(1000, 1));
      await storage.put('r/original', Buffer.from('court'));
      expect((await storage.get('r/original'))!.toString()).to.equal('court');
      await storage.putStream('r/original', generated(100_000));
      expect(await storage.stat('r/original')).to.deep.equal({ size: 100_000 });
    });

    it('leaves nothing when the source fails half-way, rejects with its error, and keeps the previous object', async function () {
      await storage.put('f/original', Buffer.from('ancien'));
      const failing = new Readable({
        read() {
          this.push(Buffer.alloc(64 * 1024, 1));
          setImmediate(() => this.destroy(new Error('refusé en route')));
        },
      });
      let error: Error | null = null;
      try { await storage.putStream('f/original', failing); } catch (e) { error = e as Error; }
      expect(error?.message).to.equal('refusé en route');
      expect((await storage.get('f/original'))!.toString()).to.equal('ancien');
      error = null;
      try { await storage.putStream('g/original', generated(10, 0)); } catch (e) { error = e as Error; }
      expect(error?.message).to.equal('coupé en route');
      expect(await keysOf(storage)).to.deep.equal(['f/original']);
    });

    it('leaves nothing when a large source (past the 5 Mo of an S3 part) fails, after parts were sent', async function () {
      let error: Error | null = null;
      try { await storage.putStream('big/original', generated(14 * MIB, 12 * MIB)); } catch (e) { error = e as Error; }
      expect(error?.message).to.equal('coupé en route');
      expect(await storage.stat('big/original')).to.equal(null);
      expect(await keysOf(storage)).to.deep.equal([]);
    });

    it('streams a large object in and out (12 Mo: a multipart upload on S3), never in one piece', async function () {
      const expected = Buffer.concat(await generated(12 * MIB + 123).toArray());
      const { size } = await storage.putStream('l/original', generated(12 * MIB + 123));
      expect(size).to.equal(12 * MIB + 123);
      expect(await storage.stat('l/original')).to.deep.equal({ size: 12 * MIB + 123 });
      const out = await storage.getStream('l/original');
      expect(out!.size).to.equal(12 * MIB + 123);
      const { data, largestChunk } = await bytesOf(out!.stream);
      expect(sha(data)).to.equal(sha(expected));
      expect(largestChunk).to.be.lessThan(MIB);
    });

    it('refuses keys outside its grammar, so no key leaves its place', async function () {
      for (const key of ['../x', 'a/../../x', '/etc/passwd', 'a//b', '.cache/x', 'a/.hidden', 'a\\b', '', 'a/b c']) {
        for (const op of [() => storage.put(key, Buffer.from('x')), () => storage.get(key), () => storage.stat(key), () => storage.remove(key)]) {
          let refused = false;
          try { await op(); } catch { refused = true; }
          expect(refused, key).to.equal(true);
        }
      }
      expect(await keysOf(storage)).to.deep.equal([]);
    });

    it('lists only keys: a name put there by hand outside the grammar is left out', async function () {
      await opened.putRaw('m/avec espace', Buffer.from('x'));
      await opened.putRaw('m/.cache', Buffer.from('x'));
      await storage.put('m/original', Buffer.from('x'));
      expect(await keysOf(storage, 'm/')).to.deep.equal(['m/original']);
    });
  });
}

// ---------------------------------------------------------------------------------------------
// Local disk

let root = '';
contract({
  name: 'local disk',
  async open() {
    root = fs.mkdtempSync(path.join(os.tmpdir(), 'comptoir-storage-'));
    return {
      storage: localDiskStorage(root),
      async putRaw(name, data) {
        fs.mkdirSync(path.dirname(path.join(root, name)), { recursive: true });
        fs.writeFileSync(path.join(root, name), data);
      },
      async close() { fs.rmSync(root, { recursive: true, force: true }); },
    };
  },
});

function everything(dir: string): string[] {
  return (fs.readdirSync(dir, { recursive: true }) as string[]).map((p) => p.split(path.sep).join('/')).sort();
}

describe('local-disk storage: its own rules', function () {
  let storage: FileStorage;
  beforeEach(function () {
    root = fs.mkdtempSync(path.join(os.tmpdir(), 'comptoir-storage-'));
    storage = localDiskStorage(root);
  });
  afterEach(function () { fs.rmSync(root, { recursive: true, force: true }); });

  it('prunes the folders a removal leaves empty', async function () {
    await storage.put('a/b/c/original', Buffer.from('bonjour'));
    await storage.put('a/b/d/original', Buffer.from('un deux'));
    await storage.remove('a/b/c/original');
    expect(everything(root)).to.deep.equal(['a', 'a/b', 'a/b/d', 'a/b/d/original']);
    await storage.remove('a/b/d/original');
    expect(everything(root)).to.deep.equal([]);
  });

  it('leaves no temporary file behind a failed write', async function () {
    await storage.put('f/original', Buffer.from('ancien'));
    try { await storage.putStream('f/original', generated(200_000, 100_000)); } catch { /* expected */ }
    try { await storage.putStream('g/original', generated(10, 0)); } catch { /* expected */ }
    expect(everything(root)).to.deep.equal(['f', 'f/original']);
  });

  it('has closed (and removed) its temporary file when a failed write rejects', async function () {
    // the pipeline settles on the source's error before the temporary file is opened or closed: a
    // removal made then may come before the opening, and the file appears after it (seen on an
    // upload refused mid-stream). Open descriptors are read from /proc (Linux).
    if (!fs.existsSync('/proc/self/fd')) this.skip();
    const openInRoot = () => fs.readdirSync('/proc/self/fd').filter((fd) => {
      try { return fs.readlinkSync(`/proc/self/fd/${fd}`).startsWith(root); } catch { return false; }
    });
    for (let i = 0; i < 20; i += 1) {
      const failing = Readable.from((async function* () { yield Buffer.from('x'); throw new Error('refusé avant'); })());
      let error: Error | null = null;
      try { await storage.putStream(`h/k${i}/original`, failing); } catch (e) { error = e as Error; }
      expect(error?.message).to.equal('refusé avant');
      expect(openInRoot(), `write ${i}`).to.deep.equal([]);
      expect(everything(root), `write ${i}`).to.deep.equal([]);
    }
  });
});

// ---------------------------------------------------------------------------------------------
// S3 (s3rver)

let s3: S3TestServer;
let bucketCount = 0;
contract({
  name: 'S3 (s3rver)',
  async before() { s3 = await startS3Server(Array.from({ length: 12 }, (_, i) => `contrat-${i}`)); },
  async after() { await s3?.stop(); },
  async open() {
    // each test its own bucket, under a prefix: what is listed is only what the test put
    const bucket = `contrat-${bucketCount++ % 12}`;
    const prefix = `essai-${bucketCount}/`;
    const storage = s3Storage(s3.config(bucket, prefix));
    return {
      storage,
      async putRaw(name, data) { await storage.client.send(new PutObjectCommand({ Bucket: bucket, Key: `${prefix}${name}`, Body: data })); },
      async close() { storage.close(); },
    };
  },
});

describe('S3 storage: its own rules', function () {
  let server: S3TestServer;
  const opened: S3FileStorage[] = [];
  before(async function () { server = await startS3Server(['partage']); });
  after(async function () {
    for (const s of opened) s.close();
    await server?.stop();
  });
  const open = (bucket: string, prefix = '') => {
    const s = s3Storage(server.config(bucket, prefix));
    opened.push(s);
    return s;
  };

  it('keeps two prefixes of one bucket apart, and stores keys as the local layout under the prefix', async function () {
    const one = open('partage', 'un/');
    const two = open('partage', 'deux/');
    await one.put('a/b/original', Buffer.from('1'));
    await two.put('a/b/original', Buffer.from('2'));
    expect((await one.get('a/b/original'))!.toString()).to.equal('1');
    expect(await keysOf(one)).to.deep.equal(['a/b/original']);
    expect(await keysOf(open('partage'))).to.deep.equal(['deux/a/b/original', 'un/a/b/original']);
    await one.remove('a/b/original');
    expect((await two.get('a/b/original'))!.toString()).to.equal('2');
  });

  it('answers a missing bucket with an error, never as a missing object', async function () {
    const lost = open('seau-absent');
    for (const op of [() => lost.get('a/original'), () => lost.getStream('a/original'), () => lost.put('a/original', Buffer.from('x')), () => lost.check()]) {
      let error: { name?: string } | null = null;
      try { await op(); } catch (e) { error = e as { name?: string }; }
      expect(error?.name).to.be.oneOf(['NoSuchBucket', 'NotFound']);
    }
  });

  it('follows the continuation of long listings, page after page', async function () {
    const many = s3Storage(server.config('partage', 'beaucoup/'), { pageSize: 7 });
    opened.push(many);
    await Promise.all(Array.from({ length: 40 }, (_, i) => many.put(`k/${String(i).padStart(4, '0')}`, Buffer.from('x'))));
    const keys = await keysOf(many);
    expect(keys).to.have.length(40);
    expect(new Set(keys).size).to.equal(40);
  });
});
