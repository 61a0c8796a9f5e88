/**
 * A GET as a visitor's browser sends it to a public site (`host`): fetch may not set Host, so
 * through a real TCP connection to the kernel, the body decompressed when it came compressed.
 * For the tests of the websites plugin and of plugins whose blocks appear on its pages.
 */
import http from 'node:http';
import zlib from 'node:zlib';

export interface SiteResponse { status: number; headers: http.IncomingHttpHeaders; body: string; raw: Buffer }

export function siteGet(k: { url: string }, host: string, p: string, headers: Record<string, string> = {}): Promise<SiteResponse> {
  const url = new URL(k.url);
  return new Promise((resolve, reject) => {
    const req = http.request({ host: url.hostname, port: url.port, path: p, method: 'GET', headers: { Host: host, ...headers } }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => {
        const raw = Buffer.concat(chunks);
        const enc = res.headers['content-encoding'];
        const body = enc === 'gzip' ? zlib.gunzipSync(raw) : enc === 'br' ? zlib.brotliDecompressSync(raw) : raw;
        resolve({ status: res.statusCode ?? 0, headers: res.headers, body: body.toString('utf8'), raw });
      });
    });
    req.on('error', reject);
    req.end();
  });
}
