import { resolveObjectURL } from 'node:buffer';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect } from 'chai';
import { ApiError, createClient, MemoryStorage } from '../src/client/index.ts';

const PDF = Buffer.from('%PDF-1.7\n\x00\x01\x02\xff binary', 'latin1');

interface Seen {
  method: string;
  url: URL;
  authorization?: string;
  body: string;
}

async function rejection(promise: Promise<unknown>): Promise<unknown> {
  try {
    await promise;
  } catch (error) {
    return error;
  }
  throw new Error('la promesse aurait dû être rejetée');
}

describe('client HTTP — binary answers', () => {
  let server: Server;
  let baseURL: string;
  let seen: Seen[];

  before(async () => {
    server = createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (chunk: Buffer) => chunks.push(chunk));
      req.on('end', () => {
        const url = new URL(req.url ?? '/', 'http://x');
        seen.push({ method: req.method ?? '', url, authorization: req.headers.authorization, body: Buffer.concat(chunks).toString() });
        const json = (status: number, body: unknown) => {
          res.writeHead(status, { 'content-type': 'application/json' });
          res.end(JSON.stringify(body));
        };
        switch (url.pathname) {
          case '/pdf':
            res.writeHead(200, { 'content-type': 'application/pdf', 'content-disposition': `attachment; filename="F-2024-001.pdf"; filename*=UTF-8''Facture%20n%C2%B01.pdf` });
            return res.end(PDF);
          case '/anonymous-pdf':
            res.writeHead(200, { 'content-type': 'application/octet-stream' });
            return res.end(PDF);
          case '/flag-message':
            return json(200, { error: true, message: 'Modèle de document introuvable' });
          case '/flag-text':
            return json(200, { error: 'Génération impossible' });
          case '/error-body':
            return json(200, { status: 409, code: 'CONFLICT', message: 'Document non émis' });
          case '/plain-json':
            return json(200, { ok: true });
          case '/not-found':
            return json(404, { status: 404, code: 'NOT_FOUND', message: 'Facture introuvable.' });
          default:
            res.writeHead(500).end();
        }
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    baseURL = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  after(() => new Promise<void>((resolve) => server.close(() => resolve())));
  beforeEach(() => {
    seen = [];
  });

  function client(lifetime?: number) {
    const storage = new MemoryStorage();
    storage.setItem('comptoir.token', 'tok');
    return createClient({ baseURL, storage, objectUrlLifetimeMs: lifetime });
  }

  describe('fetchBinary', () => {
    it('POSTs the JSON body and returns the bytes, type and file name', async () => {
      const result = await client().fetchBinary('/pdf', { template: 'standard' });
      expect(seen[0].method).to.equal('POST');
      expect(JSON.parse(seen[0].body)).to.deep.equal({ template: 'standard' });
      expect(seen[0].authorization).to.equal('Bearer tok');
      expect(result.data).to.be.instanceOf(ArrayBuffer);
      expect(Buffer.from(result.data).equals(PDF)).to.equal(true);
      expect(result.mime).to.equal('application/pdf');
      expect(result.fileName).to.equal('Facture n°1.pdf');
    });

    it('can GET with the body as query parameters', async () => {
      const result = await client().fetchBinary('/anonymous-pdf', { lang: 'fr' }, { method: 'GET' });
      expect(seen[0].method).to.equal('GET');
      expect(seen[0].url.searchParams.get('lang')).to.equal('fr');
      expect(result.fileName).to.equal(null);
      expect(result.data.byteLength).to.equal(PDF.length);
    });

    it('rejects with the message of a JSON answer carrying an error flag', async () => {
      const withMessage = (await rejection(client().fetchBinary('/flag-message'))) as ApiError;
      expect(withMessage).to.be.instanceOf(ApiError);
      expect(withMessage.message).to.equal('Modèle de document introuvable');
      expect(withMessage.data).to.deep.equal({ error: true, message: 'Modèle de document introuvable' });
      const withText = (await rejection(client().fetchBinary('/flag-text'))) as ApiError;
      expect(withText.message).to.equal('Génération impossible');
      const errorBody = (await rejection(client().fetchBinary('/error-body'))) as ApiError;
      expect(errorBody.status).to.equal(409);
      expect(errorBody.message).to.equal('Document non émis');
    });

    it('returns a JSON answer without error flag as a file', async () => {
      const result = await client().fetchBinary('/plain-json');
      expect(JSON.parse(Buffer.from(result.data).toString())).to.deep.equal({ ok: true });
    });

    it('decodes the error body of a failed binary request', async () => {
      const error = (await rejection(client().fetchBinary('/not-found'))) as ApiError;
      expect(error.status).to.equal(404);
      expect(error.code).to.equal('NOT_FOUND');
      expect(error.message).to.equal('Facture introuvable.');
      expect(error.data).to.deep.equal({ status: 404, code: 'NOT_FOUND', message: 'Facture introuvable.' });
    });
  });

  describe('outside a browser', () => {
    it('download and open reject in French without calling the server', async () => {
      const download = (await rejection(client().download('/pdf'))) as Error;
      const open = (await rejection(client().open('/pdf'))) as Error;
      expect(download.message).to.match(/^download\(\) ne peut pas être utilisé en dehors d'un navigateur/);
      expect(open.message).to.match(/^open\(\) ne peut pas être utilisé en dehors d'un navigateur/);
      expect(seen).to.have.length(0);
    });
  });

  describe('in a (simulated) browser', () => {
    interface FakeLink { href: string; download: string; rel: string; clicked: boolean; click(): void }
    let links: FakeLink[];
    let attached: FakeLink[];
    let opened: string[];
    let revoked: string[];
    let openResult: unknown;
    const realRevoke = URL.revokeObjectURL;
    const g = globalThis as Record<string, unknown>;

    beforeEach(() => {
      links = [];
      attached = [];
      opened = [];
      revoked = [];
      openResult = {};
      g.document = {
        createElement: () => {
          const link: FakeLink = { href: '', download: '', rel: '', clicked: false, click() { this.clicked = true; } };
          links.push(link);
          return link;
        },
        body: {
          appendChild: (node: FakeLink) => attached.push(node),
          removeChild: (node: FakeLink) => attached.splice(attached.indexOf(node), 1),
        },
      };
      g.window = { open: (url: string) => (opened.push(url), openResult) };
      URL.revokeObjectURL = (url: string) => {
        revoked.push(url);
        realRevoke(url);
      };
    });
    afterEach(() => {
      delete g.document;
      delete g.window;
      URL.revokeObjectURL = realRevoke;
    });

    const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

    it('download clicks a link named after the server file name, then cleans it up', async () => {
      await client(60).download('/pdf', { id: 1 });
      expect(links).to.have.length(1);
      const [link] = links;
      expect(link.clicked).to.equal(true);
      expect(link.download).to.equal('Facture n°1.pdf');
      expect(attached).to.deep.equal([link]);
      const blob = resolveObjectURL(link.href);
      expect(blob).to.not.equal(undefined);
      expect(Buffer.from(await blob!.arrayBuffer()).equals(PDF)).to.equal(true);
      await wait(120);
      expect(attached).to.have.length(0);
      expect(revoked).to.deep.equal([link.href]);
    });

    it('download defaults to document.pdf and honours an explicit name', async () => {
      await client().download('/anonymous-pdf');
      await client().download('/pdf', undefined, { fileName: 'mien.pdf' });
      expect(links.map((l) => l.download)).to.deep.equal(['document.pdf', 'mien.pdf']);
    });

    it('the default cleanup happens after 100 ms, not before', async () => {
      await client().download('/anonymous-pdf');
      const url = links[0].href; // earlier tests' timers may revoke their own URLs meanwhile
      await wait(50);
      expect(revoked).not.to.include(url);
      expect(attached).to.include(links[0]);
      await wait(100);
      expect(revoked).to.include(url);
      expect(attached).not.to.include(links[0]);
    });

    it('open shows the data as PDF in a new tab and revokes the URL later', async () => {
      await client(30).open('/anonymous-pdf');
      expect(opened).to.have.length(1);
      const blob = resolveObjectURL(opened[0]);
      expect(blob?.type).to.equal('application/pdf');
      await wait(80);
      expect(revoked).to.deep.equal(opened);
    });

    it('open uses the given mime and reports a blocked popup', async () => {
      openResult = null;
      const error = (await rejection(client().open('/pdf', undefined, { mime: 'image/png' }))) as Error;
      expect(error.message).to.match(/onglet n'a pas pu être ouvert/);
      expect(resolveObjectURL(opened[0])?.type).to.equal('image/png');
    });

    it('download rejects a binary error flag without creating a link', async () => {
      const error = (await rejection(client().download('/flag-message'))) as ApiError;
      expect(error.message).to.equal('Modèle de document introuvable');
      expect(links).to.have.length(0);
    });
  });
});
