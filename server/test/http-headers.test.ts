/**
 * The headers of the request layer (server/src/http/headers.ts): the shell's policy and the
 * Content-Disposition of served documents (RFC 6266).
 */
import { expect } from 'chai';
import { DOCUMENT_CSP, shellCsp, safeDisposition } from '../src/http/headers.ts';

describe('http: security headers', () => {
  it('gives the shell scripts of its own origin only, and names its WebSocket', () => {
    const csp = shellCsp('comptoir.exemple.fr:8443');
    expect(csp).to.contain("script-src 'self';");
    expect(csp).to.contain("connect-src 'self' blob: ws://comptoir.exemple.fr:8443 wss://comptoir.exemple.fr:8443;");
    expect(csp).to.contain("frame-ancestors 'none'");
    expect(csp).not.to.match(/unsafe-eval|'unsafe-inline'[^;]*script|script-src[^;]*unsafe/);
    for (const host of ['a b', 'x;script-src *', 'h"', '']) expect(shellCsp(host), host).to.equal(shellCsp());
    expect(shellCsp('[::1]:3000')).to.contain('ws://[::1]:3000');
  });

  it('sandboxes documents', () => {
    expect(DOCUMENT_CSP).to.match(/^default-src 'none';.*; sandbox$/);
  });

  it('rewrites a Content-Disposition: the type asked, the last segment of the name, in ASCII and (when not ASCII) in UTF-8', () => {
    expect(safeDisposition('inline; filename="Facture-F2026-1.pdf"', 'application/pdf')).to.equal('inline; filename="Facture-F2026-1.pdf"');
    expect(safeDisposition('attachment; filename="x.txt"; filename*=UTF-8\'\'%C3%89t%C3%A9%20n%C2%B01.txt', 'text/plain')).to.equal('attachment; filename="Ete n_1.txt"; filename*=UTF-8\'\'%C3%89t%C3%A9%20n%C2%B01.txt');
    expect(safeDisposition('inline; filename="..\\\\..\\\\boot.ini"', 'text/plain')).to.equal('inline; filename="boot.ini"');
    expect(safeDisposition('attachment; filename="a/b/c(1)\'*%.pdf"', 'application/pdf')).to.equal('attachment; filename="c(1)\'*_.pdf"; filename*=UTF-8\'\'c%281%29%27%2A%25.pdf');
    expect(safeDisposition('attachment; filename*=UTF-8\'\'%0D%0Aevil.pdf', 'application/pdf')).to.equal('attachment; filename="evil.pdf"');
  });

  it('says attachment when unreadable, and chooses by type when nothing was said', () => {
    expect(safeDisposition('attachment; filename="a"b"', 'application/pdf')).to.equal('attachment');
    expect(safeDisposition('inline; filename=', 'application/pdf')).to.equal('attachment');
    expect(safeDisposition(undefined, 'image/webp')).to.equal('inline');
    expect(safeDisposition(undefined, 'application/pdf')).to.equal('inline');
    expect(safeDisposition(undefined, 'text/html')).to.equal('attachment');
    expect(safeDisposition(undefined, 'image/svg+xml')).to.equal('attachment');
  });
});
