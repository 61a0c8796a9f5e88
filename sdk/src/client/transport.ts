/**
 * The client's transport (client README « Transport »): the platform's `fetch` in browsers and in
 * Node 20+, and `XMLHttpRequest` for a browser upload that reports its progress (fetch cannot). No
 * library: axios cost the shell 20.5 KB gzip for what these few lines do.
 */
import { ApiError, NETWORK_ERROR, apiErrorFromResponse } from './api-error.ts';
import type { HeaderValues } from './types.ts';

export interface Exchange {
  method: string;
  url: string;
  headers: HeaderValues;
  /** a plain value is sent as JSON; FormData, Blob and bytes as they are */
  body?: unknown;
  /** the answer as bytes (fetchBinary) rather than parsed JSON */
  binary?: boolean;
  /** milliseconds, 0 = none */
  timeout: number;
  /** upload progress: bytes sent and the total */
  onUploadProgress?: (loaded: number, total: number | undefined) => void;
}

export interface Answer {
  status: number;
  statusText: string;
  header(name: string): string | null;
  /** parsed JSON (`undefined` for an empty body), the text when it is not JSON, or an ArrayBuffer (binary) */
  data: unknown;
}

/** `baseURL` + `path` with one slash between them; an absolute `path` stands alone (as axios did). */
export function joinURL(baseURL: string, path: string, query = ''): string {
  const url = /^[a-z][a-z\d+.-]*:\/\//i.test(path) ? path : `${baseURL.replace(/\/+$/, '')}/${path.replace(/^\/+/, '')}`;
  return query ? `${url}${url.includes('?') ? '&' : '?'}${query}` : url;
}

function isRawBody(body: unknown): body is FormData | Blob | ArrayBuffer | ArrayBufferView | URLSearchParams {
  return body instanceof FormData || body instanceof Blob || body instanceof ArrayBuffer || ArrayBuffer.isView(body) || body instanceof URLSearchParams;
}

/** What fetch accepts as a body (named here: the SDK compiles without the DOM library). */
type SentBody = NonNullable<RequestInit['body']>;

function encodeBody(exchange: Exchange): { body: SentBody | undefined; headers: HeaderValues } {
  const headers: HeaderValues = { Accept: 'application/json, text/plain, */*', ...exchange.headers };
  const { body } = exchange;
  if (body === undefined || body === null) return { body: undefined, headers };
  if (isRawBody(body)) return { body: body as SentBody, headers };
  return { body: JSON.stringify(body), headers: { ...headers, 'Content-Type': 'application/json' } };
}

/** An empty body is `undefined`, JSON is parsed, anything else stays text. */
export function parseText(text: string): unknown {
  if (text === '') return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

/** Sends the exchange; a status outside 2xx rejects with ApiError, no answer with the 510 ApiError. */
export async function send(exchange: Exchange): Promise<Answer> {
  const Xhr = (globalThis as { XMLHttpRequest?: new () => Xhr }).XMLHttpRequest;
  const answer = exchange.onUploadProgress && Xhr ? await sendXhr(Xhr, exchange) : await sendFetch(exchange);
  if (answer.status < 200 || answer.status >= 300) {
    throw apiErrorFromResponse(answer.status, answer.statusText, answer.data ?? '');
  }
  return answer;
}

function networkError(): ApiError {
  return new ApiError({ ...NETWORK_ERROR, data: null });
}

async function sendFetch(exchange: Exchange): Promise<Answer> {
  const { body, headers } = encodeBody(exchange);
  const init: RequestInit & { duplex?: 'half' } = { method: exchange.method, headers };
  if (exchange.timeout > 0) init.signal = AbortSignal.timeout(exchange.timeout);
  if (body !== undefined && exchange.onUploadProgress) {
    // Node has no XMLHttpRequest: the serialized body is streamed in slices, counted as fetch reads them
    const request = new Request('http://localhost/', { method: 'POST', body });
    const bytes = new Uint8Array(await request.arrayBuffer());
    const contentType = request.headers.get('content-type');
    if (contentType) init.headers = { ...headers, 'Content-Type': contentType };
    init.body = countedStream(bytes, exchange.onUploadProgress);
    init.duplex = 'half';
  } else {
    init.body = body;
  }
  let response: Response;
  let data: unknown;
  try {
    response = await fetch(exchange.url, init);
    data = exchange.binary ? await response.arrayBuffer() : parseText(await response.text());
  } catch {
    throw networkError();
  }
  return { status: response.status, statusText: response.statusText, header: (name) => response.headers.get(name), data };
}

const SLICE = 64 * 1024;

function countedStream(bytes: Uint8Array, onProgress: (loaded: number, total: number) => void): ReadableStream<Uint8Array> {
  let offset = 0;
  return new ReadableStream<Uint8Array>({
    pull(controller) {
      if (offset >= bytes.length) {
        controller.close();
        return;
      }
      const end = Math.min(offset + SLICE, bytes.length);
      controller.enqueue(bytes.subarray(offset, end));
      offset = end;
      onProgress(offset, bytes.length);
    },
  });
}

/** The part of the browser's XMLHttpRequest used here (the SDK compiles without the DOM library). */
interface Xhr {
  open(method: string, url: string): void;
  setRequestHeader(name: string, value: string): void;
  responseType: string;
  timeout: number;
  upload: { onprogress: ((event: { loaded: number; total: number; lengthComputable: boolean }) => void) | null };
  onload: (() => void) | null;
  onerror: (() => void) | null;
  ontimeout: (() => void) | null;
  onabort: (() => void) | null;
  status: number;
  statusText: string;
  response: unknown;
  responseText: string;
  getResponseHeader(name: string): string | null;
  send(body: unknown): void;
}

function sendXhr(Xhr: new () => Xhr, exchange: Exchange): Promise<Answer> {
  const { body, headers } = encodeBody(exchange);
  return new Promise<Answer>((resolve, reject) => {
    const xhr = new Xhr();
    xhr.open(exchange.method, exchange.url);
    for (const [name, value] of Object.entries(headers)) xhr.setRequestHeader(name, value);
    xhr.responseType = exchange.binary ? 'arraybuffer' : 'text';
    xhr.timeout = exchange.timeout;
    const progress = exchange.onUploadProgress!;
    xhr.upload.onprogress = (event) => progress(event.loaded, event.lengthComputable ? event.total : undefined);
    xhr.onload = () => resolve({
      status: xhr.status,
      statusText: xhr.statusText,
      header: (name) => xhr.getResponseHeader(name),
      data: exchange.binary ? (xhr.response as ArrayBuffer) : parseText(xhr.responseText),
    });
    xhr.onerror = () => reject(networkError());
    xhr.ontimeout = () => reject(networkError());
    xhr.onabort = () => reject(networkError());
    xhr.send(body ?? null);
  });
}
