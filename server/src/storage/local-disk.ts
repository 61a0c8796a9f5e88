/**
 * The default FileStorage: files under a root folder (`DATA_DIR/files`). A write goes to a hidden
 * temporary file beside its target and is renamed into place once complete (rename is atomic on
 * one file system), so readers and `list` never see half a file; a failed write removes it.
 * Folders left empty by a removal are pruned.
 */
import { createWriteStream } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { Transform, type Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { assertStorageKey, isStorageKey, type FileStorage } from './file-storage.ts';

const isMissing = (e: unknown) => (e as NodeJS.ErrnoException).code === 'ENOENT';

export function localDiskStorage(rootDir: string): FileStorage {
  const root = path.resolve(rootDir);
  const fileOf = (key: string) => {
    assertStorageKey(key);
    const full = path.resolve(root, key);
    if (!full.startsWith(root + path.sep)) throw new Error(`storage key escapes its root: ${key}`);
    return full;
  };
  const tempOf = (file: string) => path.join(path.dirname(file), `.${path.basename(file)}.${randomBytes(6).toString('hex')}.part`);

  /** writes through a temporary file; `write` fills it */
  async function atomically<T>(key: string, write: (temp: string) => Promise<T>): Promise<T> {
    const file = fileOf(key);
    const temp = tempOf(file);
    // a removal may prune the folder between mkdir and open: one more try then
    for (let attempt = 1; ; attempt += 1) {
      await fs.mkdir(path.dirname(file), { recursive: true });
      try {
        const result = await write(temp);
        await fs.rename(temp, file);
        return result;
      } catch (e) {
        await fs.rm(temp, { force: true });
        if (!(isMissing(e) && attempt === 1)) {
          await pruneEmptyParents(file);
          throw e;
        }
      }
    }
  }

  async function pruneEmptyParents(file: string) {
    for (let dir = path.dirname(file); dir.startsWith(root + path.sep); dir = path.dirname(dir)) {
      try { await fs.rmdir(dir); } catch { return; } // not empty (or gone): stop there
    }
  }

  return {
    put: (key, data) => atomically(key, (temp) => fs.writeFile(temp, data)),

    putStream: (key, source: Readable) => atomically(key, async (temp) => {
      let size = 0;
      const count = new Transform({
        transform(chunk: Buffer, _enc, done) { size += chunk.length; done(null, chunk); },
      });
      const out = createWriteStream(temp, { flags: 'wx' });
      try {
        await pipeline(source, count, out);
      } finally {
        // on a source error the pipeline settles before the file is opened or closed: the removal
        // that follows must come after, or the temporary file appears once it is done
        if (!out.closed) await new Promise<void>((resolve) => out.once('close', () => resolve()));
      }
      return { size };
    }),

    async get(key) {
      try { return await fs.readFile(fileOf(key)); } catch (e) {
        if (isMissing(e)) return null;
        throw e;
      }
    },

    async getStream(key) {
      const file = fileOf(key);
      try {
        const handle = await fs.open(file, 'r');
        const { size } = await handle.stat();
        return { stream: handle.createReadStream(), size };
      } catch (e) {
        if (isMissing(e)) return null;
        throw e;
      }
    },

    async stat(key) {
      try {
        const s = await fs.stat(fileOf(key));
        return s.isFile() ? { size: s.size } : null;
      } catch (e) {
        if (isMissing(e)) return null;
        throw e;
      }
    },

    async remove(key) {
      const file = fileOf(key);
      await fs.rm(file, { force: true });
      await pruneEmptyParents(file);
    },

    async *list(prefix) {
      const walk = async function* (dir: string, rel: string): AsyncGenerator<string> {
        let entries;
        try { entries = await fs.readdir(dir, { withFileTypes: true }); } catch (e) {
          if (isMissing(e)) return;
          throw e;
        }
        for (const entry of entries) {
          if (entry.name.startsWith('.')) continue; // writes in progress
          const key = rel ? `${rel}/${entry.name}` : entry.name;
          if (entry.isDirectory()) yield* walk(path.join(dir, entry.name), key);
          else if (entry.isFile() && key.startsWith(prefix) && isStorageKey(key)) yield key;
        }
      };
      // start in the deepest folder the prefix names whole
      const base = prefix.includes('/') ? prefix.slice(0, prefix.lastIndexOf('/')) : '';
      if (base) assertStorageKey(base);
      yield* walk(base ? path.join(root, base) : root, base);
    },
  };
}
