/**
 * The headers of every kind of answer (server/src/http/README.md « Security headers »): the
 * shell's Content-Security-Policy, the API's, and the served documents' (PDF, FEC, archives,
 * attachments): `Content-Disposition` in RFC 6266 form, `nosniff`, a CSP with `sandbox`.
 */
import fs from 'node:fs';
import path from 'node:path';
import { expect } from 'chai';
import { attachmentUrl, type Attachment } from '@comptoir/schemas';
import type { TestKernel } from '@comptoir/sdk/testing';
import { API, bootKernel, emitted, makeEligible } from '../../plugins/invoicing/test/support.ts';
import { rawRequest } from '../support/kernel.ts';
import { senderOf, upload } from '../support/upload.ts';

const PDF = Buffer.from('%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[]/Count 0>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n');
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==', 'base64');
const SVG = '<svg xmlns="http://www.w3.org/2000/svg" width="4" height="4"><rect width="4" height="4" fill="red"/></svg>';

/** `default-src 'self'; …` → { 'default-src': ["'self'"], … } */
function directives(csp: string | null): Record<string, string[]> {
  expect(csp, 'Content-Security-Policy').to.be.a('string');
  return Object.fromEntries(csp!.split(';').map((d) => d.trim()).filter(Boolean).map((d) => {
    const [name, ...sources] = d.split(/\s+/);
    return [name, sources];
  }));
}

function expectHardening(headers: Headers, label: string) {
  expect(headers.get('x-content-type-options'), label).to.equal('nosniff');
  expect(headers.get('x-frame-options'), label).to.equal('DENY');
  expect(headers.get('referrer-policy'), label).to.equal('no-referrer');
}

function expectSandboxedDocument(headers: Headers, label: string) {
  const csp = directives(headers.get('content-security-policy'));
  expect(csp, label).to.have.property('sandbox');
  expect(csp['sandbox'], `${label}: sandbox without exceptions`).to.deep.equal([]);
  expect(csp['default-src'], label).to.deep.equal(["'none'"]);
  expect(headers.get('x-content-type-options'), label).to.equal('nosniff');
}

describe('request layer: security headers of the shell, the API and the documents', function () {
  this.timeout(120_000);
  let k: TestKernel;
  let hostDist: string;

  before(async function () {
    hostDist = fs.mkdtempSync(path.join(process.env.TMPDIR ?? '/tmp', 'comptoir-host-'));
    fs.writeFileSync(path.join(hostDist, 'index.html'), '<!doctype html><html lang="fr"><title>Comptoir</title><script defer src="/static/js/main.12345678.js"></script></html>');
    k = await bootKernel({ env: { COMPTOIR_HOST_DIST: hostDist } });
    await makeEligible(k);
  });
  after(async function () {
    await k?.stop();
    fs.rmSync(hostDist, { recursive: true, force: true });
  });

  it('serves the shell with a strict CSP: scripts of our origin only, no frame, no object, no base', async function () {
    for (const [route, accept] of [['/', '*/*'], ['/factures/12', 'text/html']]) {
      const res = await fetch(new URL(route, k.url), { headers: { Accept: accept } });
      expect(res.status, route).to.equal(200);
      const csp = directives(res.headers.get('content-security-policy'));
      expect(csp['script-src'], route).to.deep.equal(["'self'"]);
      expect(csp['default-src']).to.deep.equal(["'self'"]);
      expect(csp['object-src']).to.deep.equal(["'none'"]);
      expect(csp['base-uri']).to.deep.equal(["'none'"]);
      expect(csp['frame-ancestors']).to.deep.equal(["'none'"]);
      expect(csp['frame-src']).to.deep.equal(['blob:']);
      expect(csp['form-action']).to.deep.equal(["'self'"]);
      const host = new URL(k.url).host;
      expect(csp['connect-src']).to.deep.equal(["'self'", 'blob:', `ws://${host}`, `wss://${host}`]);
      expect(res.headers.get('content-security-policy')).not.to.match(/unsafe-eval|\*/);
      expectHardening(res.headers, route);
    }
    // revalidation: the 304 carries the policy too (a browser keeps the headers of a 304)
    const first = await fetch(new URL('/', k.url));
    // (not fetch: a request with If-Modified-Since gets Cache-Control: no-cache from it)
    const again = await rawRequest(k.url, 'GET', '/', { headers: { 'If-Modified-Since': first.headers.get('last-modified')! } });
    expect(again.status).to.equal(304);
    expect(again.headers['content-security-policy']).to.equal(first.headers.get('content-security-policy'));
  });

  it('never writes a strange Host into the shell’s policy', async function () {
    const res = await rawRequest(k.url, 'GET', '/', { headers: { Host: "evil.example; script-src *", Accept: 'text/html' } });
    expect(res.status).to.equal(200);
    const csp = String(res.headers['content-security-policy']);
    expect(csp).not.to.contain('evil');
    expect(directives(csp)['script-src']).to.deep.equal(["'self'"]);
  });

  it('answers the shell’s « not built » page with the same policy', async function () {
    fs.renameSync(path.join(hostDist, 'index.html'), path.join(hostDist, 'index.old'));
    try {
      const res = await fetch(new URL('/', k.url));
      expect(res.status).to.equal(503);
      expect(directives(res.headers.get('content-security-policy'))['script-src']).to.deep.equal(["'self'"]);
    } finally {
      fs.renameSync(path.join(hostDist, 'index.old'), path.join(hostDist, 'index.html'));
    }
  });

  it('gives JSON answers, errors included, a policy that loads and frames nothing', async function () {
    for (const [route, status] of [['/api/health', 200], ['/api/auth/me', 401], ['/api/inconnu', 404], ['/plugins/inconnu/remoteEntry.js', 404]] as const) {
      const res = await fetch(new URL(route, k.url));
      expect(res.status, route).to.equal(status);
      expect(res.headers.get('content-security-policy'), route).to.equal("default-src 'none'; frame-ancestors 'none'");
      expectHardening(res.headers, route);
    }
  });

  it('serves an invoice’s PDF inline (or saved) with a safe Content-Disposition and a sandbox CSP', async function () {
    const invoice = await emitted(k.http);
    const shown = await k.http.get(`${API}/invoices/${invoice._id}/pdf`);
    expect(shown.status).to.equal(200);
    expect(shown.headers.get('content-type')).to.equal('application/pdf');
    const name = `Facture-${invoice.numberFull}.pdf`;
    expect(shown.headers.get('content-disposition')).to.equal(`inline; filename="${name}"`);
    expectSandboxedDocument(shown.headers, 'PDF');
    expectHardening(shown.headers, 'PDF');
    const saved = await k.http.get(`${API}/invoices/${invoice._id}/pdf`, { query: { download: '1' } });
    expect(saved.headers.get('content-disposition')).to.match(/^attachment; filename="Facture-[^"]+\.pdf"$/);
    expectSandboxedDocument(saved.headers, 'PDF enregistré');
  });

  it('rewrites the Content-Disposition a route wrote by hand (FEC, backups) in RFC 6266 form', async function () {
    const fec = await k.http.get(`${API}/fec`, { query: { fiscalYear: String(new Date().getUTCFullYear()) } });
    expect(fec.status, String(fec.body).slice(0, 200)).to.equal(200);
    expect(fec.headers.get('content-disposition')).to.match(/^attachment; filename="\d{9}FEC\d{8}\.txt"$/);
    expectSandboxedDocument(fec.headers, 'FEC');
    const backup = await k.http.post('/api/kernel/backups', { label: 'ete' });
    expect(backup.status, JSON.stringify(backup.body)).to.equal(201);
    const archive = await k.http.get(`/api/kernel/backups/${backup.body._id}/download`);
    expect(archive.status).to.equal(200);
    expect(archive.headers.get('content-disposition')).to.match(/^attachment; filename="comptoir-[\w-]+-ete\.tar\.gz"$/);
    expectSandboxedDocument(archive.headers, 'sauvegarde');
  });

  it('serves attachments sandboxed: PDF and image inline, SVG with its own sandboxed policy, downloads named', async function () {
    const res = await upload(senderOf(k), [
      { name: 'facture.pdf', type: 'application/pdf', data: PDF },
      { name: 'logo.png', type: 'image/png', data: PNG },
      { name: 'dessin.svg', type: 'image/svg+xml', data: SVG },
    ]);
    expect(res.status, JSON.stringify(res.body)).to.equal(201);
    const [pdf, png, svg] = res.body.attachments as Attachment[];
    const get = (url: string) => fetch(new URL(url, k.url));

    const shown = await get(attachmentUrl(pdf));
    expect(shown.headers.get('content-disposition')).to.equal('inline');
    expectSandboxedDocument(shown.headers, 'PDF joint');
    expect(shown.headers.get('content-security-policy')).to.equal("default-src 'none'; style-src 'unsafe-inline'; img-src data:; frame-ancestors 'none'; sandbox");

    const saved = await get(`${attachmentUrl(pdf)}?download=${encodeURIComponent('Été "n°1".pdf')}`);
    expect(saved.headers.get('content-disposition')).to.equal('attachment; filename="Ete _n_1_.pdf"; filename*=UTF-8\'\'%C3%89t%C3%A9%20%22n%C2%B01%22.pdf');
    expectSandboxedDocument(saved.headers, 'PDF téléchargé');

    for (const url of [attachmentUrl(png), attachmentUrl(png, 'w160')]) {
      const image = await get(url);
      expect(image.status, url).to.equal(200);
      expect(image.headers.get('content-disposition'), url).to.equal('inline');
      expectSandboxedDocument(image.headers, url);
      // websites on other domains embed these images
      expect(image.headers.get('cross-origin-resource-policy')).to.equal('cross-origin');
    }
    const drawing = await get(attachmentUrl(svg));
    expect(drawing.headers.get('content-security-policy')).to.equal("default-src 'none'; style-src 'unsafe-inline'; img-src data:; sandbox");
  });
});
