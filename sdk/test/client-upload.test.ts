import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect } from 'chai';
import { BLOB_READ_ERROR, createClient, MemoryStorage } from '../src/client/index.ts';

interface Received {
  headers: IncomingHttpHeaders;
  form: FormData;
}

/** A Blob whose content cannot be read, like a File deleted from disk after it was picked. */
class UnreadableBlob extends Blob {
  override arrayBuffer(): Promise<ArrayBuffer> {
    return Promise.reject(new Error('NotReadableError'));
  }
}

describe('client HTTP — multipart upload', () => {
  let server: Server;
  let baseURL: string;
  let received: Received[];

  before(async () => {
    server = createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (chunk: Buffer) => chunks.push(chunk));
      req.on('end', async () => {
        // The platform's own multipart parser, so the test does not trust a hand-written one.
        const form = await new Request('http://x/', {
          method: 'POST',
          headers: { 'content-type': req.headers['content-type'] ?? '' },
          body: Buffer.concat(chunks),
        }).formData();
        received.push({ headers: req.headers, form });
        res.writeHead(201, { 'content-type': 'application/json' });
        res.end(JSON.stringify({ _id: 'f1', fileCount: form.get('fileCount') }));
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    baseURL = `http://127.0.0.1:${(server.address() as AddressInfo).port}/api`;
  });
  after(() => new Promise<void>((resolve) => server.close(() => resolve())));
  beforeEach(() => {
    received = [];
  });

  function client() {
    const storage = new MemoryStorage();
    storage.setItem('comptoir.token', 'tok');
    storage.setItem('comptoir.company', 'co');
    return createClient({ baseURL, storage });
  }

  it('sends JSON-encoded fields, fileCount, per-file arrays and the files', async () => {
    const invoice = new File(['%PDF-1.7 facture'], 'facture.pdf', { type: 'application/pdf', lastModified: 1700000000000 });
    const photo = { blob: new Blob([new Uint8Array([1, 2, 3, 4, 5])], { type: 'image/png' }), name: 'photo.png', lastModified: 1600000000000 };
    const bare = new Blob(['abc']);
    const answer = await client().upload<{ _id: string }>(
      '/kernel/files',
      { folder: 'invoices', tags: ['a', 'b'], meta: { public: false }, skipped: undefined },
      [invoice, photo, bare],
    );
    expect(answer._id).to.equal('f1');
    const { form, headers } = received[0];
    expect(headers.authorization).to.equal('Bearer tok');
    expect(headers['at-company']).to.equal('co');
    expect(form.get('folder')).to.equal('"invoices"');
    expect(form.get('tags')).to.equal('["a","b"]');
    expect(form.get('meta')).to.equal('{"public":false}');
    expect(form.has('skipped')).to.equal(false);
    expect(form.get('fileCount')).to.equal('3');
    expect(form.getAll('name[]')).to.deep.equal(['facture.pdf', 'photo.png', 'blob']);
    expect(form.getAll('mime[]')).to.deep.equal(['application/pdf', 'image/png', 'application/octet-stream']);
    expect(form.getAll('size[]')).to.deep.equal(['16', '5', '3']);
    const lastModified = form.getAll('lastModified[]');
    expect(lastModified.slice(0, 2)).to.deep.equal(['1700000000000', '1600000000000']);
    expect(Number(lastModified[2])).to.be.greaterThan(0);
    const files = form.getAll('files[]') as File[];
    expect(files.map((f) => f.name)).to.deep.equal(['facture.pdf', 'photo.png', 'blob']);
    expect(await files[0].text()).to.equal('%PDF-1.7 facture');
    expect([...new Uint8Array(await files[1].arrayBuffer())]).to.deep.equal([1, 2, 3, 4, 5]);
  });

  it('reports upload progress as integer percentages reaching 100', async () => {
    const big = new File([new Uint8Array(3 * 1024 * 1024).fill(7)], 'big.bin', { type: 'application/octet-stream' });
    const reports: number[] = [];
    await client().upload('/kernel/files', {}, [big], (percent) => reports.push(percent));
    expect(reports.length).to.be.greaterThan(0);
    expect(reports.at(-1)).to.equal(100);
    for (const [i, percent] of reports.entries()) {
      expect(Number.isInteger(percent)).to.equal(true);
      expect(percent).to.be.within(0, 100);
      if (i > 0) expect(percent).to.be.greaterThan(reports[i - 1]);
    }
    expect((received[0].form.get('files[]') as File).size).to.equal(3 * 1024 * 1024);
  });

  it('rejects with "Erreur de chargement du blob" when a file cannot be read, before sending', async () => {
    let error: unknown;
    try {
      await client().upload('/kernel/files', { folder: 'x' }, [new File(['ok'], 'ok.txt'), new UnreadableBlob(['x'])]);
    } catch (e) {
      error = e;
    }
    expect(BLOB_READ_ERROR).to.equal('Erreur de chargement du blob');
    expect(error).to.be.instanceOf(Error);
    expect((error as Error).message).to.equal('Erreur de chargement du blob');
    expect(received).to.have.length(0);
  });
});
