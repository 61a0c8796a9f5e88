/**
 * Multipart uploads for the kernel's black-box tests: the SDK's own form builder for well-formed
 * uploads, hand-made forms and raw bodies for the malformed ones, and a look at the storage
 * folder (`DATA_DIR/files`) to prove that a refusal left nothing on disk.
 */
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import type { TestKernel, TestResponse } from '@comptoir/sdk/testing';
import { buildUploadForm } from '../../sdk/src/client/multipart.ts';

export interface UploadFile { name: string; type: string; data: Buffer | string; lastModified?: number }

const blobOf = (f: UploadFile) => ({ blob: new Blob([f.data], { type: f.type }), name: f.name, lastModified: f.lastModified ?? 1_700_000_000_000 });

/** The form exactly as the SDK's client builds it. */
export function sdkForm(fields: Record<string, unknown>, files: UploadFile[]): Promise<FormData> {
  return buildUploadForm(fields, files.map(blobOf));
}

export interface Sender { url: string; token: string | null; company: string | null }

export const senderOf = (k: TestKernel, token = k.admin.token, company: string | null = k.admin.companyId): Sender => ({ url: k.url, token, company });

/** POSTs a form (fetch sets the multipart boundary) and parses the JSON answer. */
export async function postForm(s: Sender, route: string, form: FormData): Promise<TestResponse> {
  const headers: Record<string, string> = {};
  if (s.token) headers.Authorization = `Bearer ${s.token}`;
  if (s.company) headers['AT-Company'] = s.company;
  const res = await fetch(new URL(route, s.url), { method: 'POST', headers, body: form });
  const text = await res.text();
  const body = (res.headers.get('content-type') ?? '').includes('json') && text ? JSON.parse(text) : text;
  return { status: res.status, body, headers: res.headers };
}

export async function upload(s: Sender, files: UploadFile[], fields: Record<string, unknown> = {}, route = '/api/kernel/files'): Promise<TestResponse> {
  return postForm(s, route, await sdkForm(fields, files));
}

/** A form built part by part (wrong orders, missing arrays…): `[name, value]` or `[name, file]`. */
export function handForm(parts: [string, string | UploadFile][]): FormData {
  const form = new FormData();
  for (const [name, value] of parts) {
    if (typeof value === 'string') form.append(name, value);
    else form.append(name, new Blob([value.data], { type: value.type }), value.name);
  }
  return form;
}

/** A raw request with any body and headers (truncated forms, bad boundaries, literal `..`). */
export function rawSend(
  s: Sender, method: string, route: string, body: Buffer | null, headers: Record<string, string> = {},
): Promise<{ status: number; headers: http.IncomingHttpHeaders; body: any }> { // eslint-disable-line @typescript-eslint/no-explicit-any
  const url = new URL(s.url);
  const all: Record<string, string> = { ...headers };
  if (s.token) all.Authorization = `Bearer ${s.token}`;
  if (s.company) all['AT-Company'] = s.company;
  if (body) all['Content-Length'] = String(body.length);
  return new Promise((resolve, reject) => {
    const req = http.request({ hostname: url.hostname, port: url.port, path: route, method, headers: all }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => {
        const raw = Buffer.concat(chunks);
        const json = (res.headers['content-type'] ?? '').includes('json');
        resolve({ status: res.statusCode ?? 0, headers: res.headers, body: json && raw.length ? JSON.parse(raw.toString('utf8')) : raw });
      });
    });
    req.on('error', reject);
    if (body) req.write(body);
    req.end();
  });
}

/** Every file under the kernel's storage folder, temporary ones included. */
export function storedFiles(k: TestKernel): string[] {
  const root = path.join(k.kernel.config.dataDir as string, 'files');
  if (!fs.existsSync(root)) return [];
  return (fs.readdirSync(root, { recursive: true, withFileTypes: true }) as fs.Dirent[])
    .filter((e) => e.isFile())
    .map((e) => path.relative(root, path.join(e.parentPath, e.name)))
    .sort();
}

export function storagePath(k: TestKernel, key: string): string {
  return path.join(k.kernel.config.dataDir as string, 'files', key);
}

export async function fileRows(k: TestKernel): Promise<number> {
  const row = await k.db('kernel_files').count({ n: '*' }).first();
  return Number((row as { n: unknown }).n);
}

/** GETs a URL and answers its status, headers and bytes. */
export async function fetchBytes(k: TestKernel, route: string): Promise<{ status: number; headers: Headers; data: Buffer }> {
  const res = await fetch(new URL(route, k.url));
  return { status: res.status, headers: res.headers, data: Buffer.from(await res.arrayBuffer()) };
}
