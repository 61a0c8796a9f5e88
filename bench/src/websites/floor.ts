/**
 * The floor of the websites suite: a bare Koa server answering the very bytes the kernel answered
 * for a page (its gzip body and headers, taken once), with the same If-None-Match check. Nothing
 * can serve that page faster in Node: the kernel's cached page is measured against it.
 */
import http from 'node:http';
import Koa from 'koa';

export interface Snapshot { status: number; headers: Record<string, string>; gzip: Buffer }

export async function startPageFloor(page: Snapshot): Promise<{ url: string; stop(): Promise<void> }> {
  const app = new Koa();
  app.use((ctx) => {
    for (const [k, v] of Object.entries(page.headers)) ctx.set(k, v);
    if (ctx.get('If-None-Match') === page.headers.etag) { ctx.status = 304; return; }
    ctx.status = page.status;
    ctx.set('Content-Encoding', 'gzip');
    ctx.body = page.gzip;
  });
  const server = http.createServer(app.callback());
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  return { url: `http://127.0.0.1:${port}`, stop: () => new Promise((resolve) => server.close(() => resolve())) };
}
