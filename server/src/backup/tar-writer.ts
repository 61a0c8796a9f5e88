/**
 * A tar written entry by entry from streams of known size, with backpressure. node-tar's packer
 * reads its entries from disk; a backup's stored files come from the storage interface (a bucket
 * as well as a folder), so they are written here, with node-tar's own `Header` and `Pax` encoding
 * each header (long names included): the format `tar.x` and `tar.t` read back.
 */
import { once } from 'node:events';
import type { Readable, Writable } from 'node:stream';
import { Header, Pax } from 'tar';

const BLOCK = 512;

export class TarWriter {
  constructor(private readonly out: Writable) {}

  /** One file: its header, its `size` bytes (checked), then the padding to a whole block. */
  async add(path: string, size: number, mtime: Date, data: Readable | Buffer): Promise<void> {
    const header = new Header({ path, mode: 0o644, size, mtime, type: 'File' });
    if (header.encode()) await this.write(new Pax({ path, size, mtime }).encode());
    await this.write(header.block!);
    let written = 0;
    const chunks = Buffer.isBuffer(data) ? [data] : data;
    for await (const chunk of chunks) {
      written += (chunk as Buffer).length;
      if (written > size) break;
      await this.write(chunk as Buffer);
    }
    if (written !== size) {
      if (!Buffer.isBuffer(data)) data.destroy();
      throw new Error(`${path}: ${written > size ? 'more' : written} bytes read, ${size} announced`);
    }
    const padding = (BLOCK - (size % BLOCK)) % BLOCK;
    if (padding) await this.write(Buffer.alloc(padding));
  }

  /** The two empty blocks that end an archive. */
  async end(): Promise<void> {
    await this.write(Buffer.alloc(2 * BLOCK));
    this.out.end();
  }

  private async write(chunk: Buffer): Promise<void> {
    if (!this.out.write(chunk)) await once(this.out, 'drain');
  }
}
