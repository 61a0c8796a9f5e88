/** Reading documents back in tests: the PDF bytes of a route, and their text (pdf-parse). */
import { expect } from 'chai';
import { PDFParse } from 'pdf-parse';
import type { TestHttp } from '@comptoir/sdk/testing';

export interface FetchedPdf { status: number; bytes: Buffer; headers: Headers }

/** GET with the helper's credentials, the body kept as bytes (TestHttp reads text). */
export async function fetchBytes(http: TestHttp, path: string): Promise<FetchedPdf> {
  const headers: Record<string, string> = {};
  if (http.token) headers.Authorization = `Bearer ${http.token}`;
  if (http.company) headers['AT-Company'] = http.company;
  const res = await fetch(new URL(path, http.baseUrl), { headers });
  return { status: res.status, bytes: Buffer.from(await res.arrayBuffer()), headers: res.headers };
}

/** The text of every page with each run of white space (line breaks, no-break spaces) read as one space, and the page count. */
export async function pdfText(bytes: Buffer | Uint8Array): Promise<{ text: string; pages: number }> {
  const parser = new PDFParse({ data: new Uint8Array(bytes) });
  try {
    const result = await parser.getText();
    return { text: result.text.replace(/\s+/g, ' '), pages: result.total };
  } finally {
    await parser.destroy();
  }
}

/** A 200 application/pdf answer, read back. */
export async function fetchPdfText(http: TestHttp, path: string): Promise<{ text: string; pages: number; res: FetchedPdf }> {
  const res = await fetchBytes(http, path);
  expect(res.status, res.bytes.toString('utf8').slice(0, 300)).to.equal(200);
  expect(res.headers.get('content-type')).to.equal('application/pdf');
  expect(res.bytes.subarray(0, 5).toString('latin1')).to.equal('%PDF-');
  return { ...(await pdfText(res.bytes)), res };
}
