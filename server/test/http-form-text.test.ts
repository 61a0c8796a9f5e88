/**
 * The text fields of a multipart form (server/src/http/form-text.ts): UTF-8 only, whatever the
 * chunks the bytes arrive in; the check stops at the first file, whose bytes are never judged.
 */
import { expect } from 'chai';
import { boundaryOf, formTextCheck } from '../src/http/form-text.ts';

const BOUNDARY = 'XyZ-essai';

function form(parts: { name: string; value: Buffer | string; type?: string; filename?: string }[]): Buffer {
  const chunks: Buffer[] = [Buffer.from('préambule ignoré\r\n')];
  for (const p of parts) {
    const disposition = `form-data; name="${p.name}"${p.filename ? `; filename="${p.filename}"` : ''}`;
    chunks.push(Buffer.from(`--${BOUNDARY}\r\nContent-Disposition: ${disposition}\r\n${p.type ? `Content-Type: ${p.type}\r\n` : ''}\r\n`));
    chunks.push(Buffer.isBuffer(p.value) ? p.value : Buffer.from(p.value), Buffer.from('\r\n'));
  }
  chunks.push(Buffer.from(`--${BOUNDARY}--\r\n`));
  return Buffer.concat(chunks);
}

/** The refusal's message (null when taken), the bytes cut in chunks of `size`. */
function check(body: Buffer, size: number): string | null {
  const c = formTextCheck(BOUNDARY, 1024);
  try {
    for (let i = 0; i < body.length; i += size) c.push(body.subarray(i, i + size));
    return null;
  } catch (e) {
    return (e as Error).message;
  }
}

/** the same answer for every way of cutting the bytes */
function verdict(body: Buffer): string | null {
  const answers = new Set([1, 2, 3, 7, 16, 64, body.length].map((size) => check(body, size)));
  expect(answers.size, [...answers].join(' / ')).to.equal(1);
  return [...answers][0];
}

describe('http: multipart text fields', () => {
  it('reads the boundary of a Content-Type', () => {
    expect(boundaryOf('multipart/form-data; boundary=abc')).to.equal('abc');
    expect(boundaryOf('multipart/form-data; boundary="a b"; x=1')).to.equal('a b');
    expect(boundaryOf('multipart/form-data')).to.equal(null);
  });

  it('takes UTF-8 fields, declared or not', () => {
    expect(verdict(form([{ name: 'name', value: '"Été 😀"' }, { name: 'name[]', value: 'Reçu.pdf', type: 'text/plain; charset=UTF-8' }]))).to.equal(null);
  });

  it('refuses a field in latin1 bytes, or declared in another charset', () => {
    expect(verdict(form([{ name: 'fileCount', value: '1' }, { name: 'name', value: Buffer.from('"Été"', 'latin1') }]))).to.equal('Le champ « name » n’est pas du texte UTF-8 valide.');
    expect(verdict(form([{ name: 'name', value: '"Ete"', type: 'text/plain; charset=iso-8859-1' }]))).to.equal('Le champ « name » est déclaré en « iso-8859-1 » : seul l’UTF-8 est accepté dans un formulaire.');
  });

  it('stops at the first file: its bytes, and anything after, are not judged here', () => {
    const binary = Buffer.from([0xff, 0xfe, 0x00, 0xe9]);
    expect(verdict(form([{ name: 'name', value: '"ok"' }, { name: 'files[]', value: binary, filename: 'a.bin', type: 'text/plain; charset=latin1' }, { name: 'late', value: binary }]))).to.equal(null);
    expect(verdict(form([{ name: 'files[]', value: binary, type: 'application/octet-stream' }]))).to.equal(null);
  });

  it('refuses a preamble longer than a field before the first part', () => {
    const c = formTextCheck(BOUNDARY, 1024);
    expect(() => c.push(Buffer.alloc(4096, 0x61))).to.throw(/texte inattendu avant la première partie/);
  });
});
