/**
 * Compression of the API's JSON answers (server/src/http/README.md « Compression »): gzip or brotli
 * as the client accepts, above 1 KiB; small answers, clients that accept nothing, and documents
 * (an invoice's PDF, an uploaded file) are sent as they are, byte for byte.
 */
import http from 'node:http';
import zlib from 'node:zlib';
import { expect } from 'chai';
import { attachmentUrl, type Attachment } from '@comptoir/schemas';
import type { TestKernel } from '@comptoir/sdk/testing';
import { API, bootKernel, emitted, makeEligible } from '../../plugins/invoicing/test/support.ts';
import { senderOf, upload } from '../support/upload.ts';
import { COMPRESS_THRESHOLD, isJsonType } from '../../server/src/http/compress.ts';

interface RawAnswer {
  status: number;
  headers: http.IncomingHttpHeaders;
  bytes: Buffer;
}

/** The bytes as they travel (node:http does not decompress, fetch would). */
function get(k: TestKernel, path: string, acceptEncoding: string | null): Promise<RawAnswer> {
  const url = new URL(path, k.url);
  const headers: Record<string, string> = { Authorization: `Bearer ${k.admin.token}`, 'AT-Company': k.admin.companyId };
  if (acceptEncoding !== null) headers['Accept-Encoding'] = acceptEncoding;
  return new Promise((resolve, reject) => {
    const req = http.request({ hostname: url.hostname, port: url.port, path: url.pathname + url.search, method: 'GET', headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, bytes: Buffer.concat(chunks) }));
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end();
  });
}

const PDF = Buffer.concat([Buffer.from('%PDF-1.4\n'), Buffer.alloc(4096, 'x'), Buffer.from('\n%%EOF\n')]);

describe('request layer: compressed JSON answers', function () {
  this.timeout(120_000);
  let k: TestKernel;
  let list: string;

  before(async () => {
    k = await bootKernel();
    await makeEligible(k);
    for (let i = 0; i < 3; i++) await emitted(k.http);
    list = `${API}/invoices?pagination=${encodeURIComponent(JSON.stringify({ quantity: 50, page: 1 }))}`;
  });
  after(async () => {
    await k?.stop();
  });

  it('compresses only JSON types', () => {
    for (const type of ['application/json', 'application/json; charset=utf-8', 'application/problem+json']) expect(isJsonType(type), type).to.equal(true);
    for (const type of ['application/pdf', 'text/html', 'application/jsonl', 'text/json-ish', 'application/xml']) expect(isJsonType(type), type).to.equal(false);
  });

  it('sends a list above 1 KiB gzip-compressed to a client that accepts gzip, the same JSON once inflated', async () => {
    const plain = await get(k, list, null);
    expect(plain.status).to.equal(200);
    expect(plain.headers['content-encoding']).to.equal(undefined);
    expect(plain.bytes.length).to.be.above(COMPRESS_THRESHOLD);
    const json = JSON.parse(plain.bytes.toString('utf8')) as { count: number };
    expect(json.count).to.equal(3);

    const gz = await get(k, list, 'gzip, deflate');
    expect(gz.status).to.equal(200);
    expect(gz.headers['content-encoding']).to.equal('gzip');
    expect(gz.headers.vary).to.match(/Accept-Encoding/i);
    expect(gz.headers['content-type']).to.match(/^application\/json/);
    expect(gz.bytes.length).to.be.below(plain.bytes.length / 2);
    expect(JSON.parse(zlib.gunzipSync(gz.bytes).toString('utf8'))).to.deep.equal(json);
  });

  it('prefers brotli when the client accepts it (as browsers do)', async () => {
    const plain = JSON.parse((await get(k, list, 'identity')).bytes.toString('utf8')) as unknown;
    const br = await get(k, list, 'gzip, deflate, br');
    expect(br.headers['content-encoding']).to.equal('br');
    expect(JSON.parse(zlib.brotliDecompressSync(br.bytes).toString('utf8'))).to.deep.equal(plain);
  });

  it('leaves small answers, errors included, uncompressed', async () => {
    for (const path of ['/api/health', '/api/inconnu', `${API}/invoices/000000000000000000000000`]) {
      const small = await get(k, path, 'gzip, br');
      expect(small.bytes.length, path).to.be.below(COMPRESS_THRESHOLD);
      expect(small.headers['content-encoding'], path).to.equal(undefined);
      expect(() => JSON.parse(small.bytes.toString('utf8')), path).not.to.throw();
    }
  });

  it('sends an invoice’s PDF byte for byte, whatever the client accepts', async () => {
    const invoice = await emitted(k.http);
    const path = `${API}/invoices/${invoice._id}/pdf`;
    const plain = await get(k, path, null);
    expect(plain.status).to.equal(200);
    expect(plain.bytes.subarray(0, 5).toString()).to.equal('%PDF-');
    const accepting = await get(k, path, 'gzip, deflate, br');
    expect(accepting.headers['content-encoding']).to.equal(undefined);
    expect(accepting.headers['content-type']).to.equal('application/pdf');
    expect(accepting.bytes.equals(plain.bytes)).to.equal(true);
  });

  it('serves an uploaded PDF attachment byte for byte, with its length', async () => {
    const res = await upload(senderOf(k), [{ name: 'releve.pdf', type: 'application/pdf', data: PDF }]);
    expect(res.status, JSON.stringify(res.body)).to.equal(201);
    const [pdf] = res.body.attachments as Attachment[];
    const served = await get(k, attachmentUrl(pdf), 'gzip, deflate, br');
    expect(served.status).to.equal(200);
    expect(served.headers['content-encoding']).to.equal(undefined);
    expect(Number(served.headers['content-length'])).to.equal(PDF.length);
    expect(served.bytes.equals(PDF)).to.equal(true);
  });
});
