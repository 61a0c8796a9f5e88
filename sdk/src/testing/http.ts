/**
 * A small HTTP helper for black-box tests: it never throws on 4xx/5xx, so a test asserts the
 * status and the French error body directly.
 */
export interface TestResponse<T = any> { // eslint-disable-line @typescript-eslint/no-explicit-any
  status: number;
  body: T;
  headers: Headers;
}

export interface RequestOptions {
  token?: string | null;
  company?: string | null;
  query?: Record<string, unknown>;
  headers?: Record<string, string>;
  /** a raw body sent as is (malformed JSON tests; bytes for encoding tests) */
  raw?: string | Uint8Array;
}

export class TestHttp {
  constructor(readonly baseUrl: string, public token: string | null = null, public company: string | null = null) {}

  /** a copy acting as someone else */
  as(token: string | null, company: string | null = this.company): TestHttp {
    return new TestHttp(this.baseUrl, token, company);
  }

  async request<T = any>(method: string, path: string, body?: unknown, opts: RequestOptions = {}): Promise<TestResponse<T>> { // eslint-disable-line @typescript-eslint/no-explicit-any
    const url = new URL(path, this.baseUrl);
    for (const [k, v] of Object.entries(opts.query ?? {})) {
      if (v !== undefined) url.searchParams.set(k, typeof v === 'string' ? v : JSON.stringify(v));
    }
    const headers: Record<string, string> = { ...opts.headers };
    const token = opts.token === undefined ? this.token : opts.token;
    const company = opts.company === undefined ? this.company : opts.company;
    if (token) headers.Authorization = `Bearer ${token}`;
    if (company) headers['AT-Company'] = company;
    let payload: string | Uint8Array | undefined;
    if (opts.raw !== undefined) payload = opts.raw;
    else if (body !== undefined) payload = JSON.stringify(body);
    if (payload !== undefined && !headers['Content-Type']) headers['Content-Type'] = 'application/json';
    const res = await fetch(url, { method, headers, body: payload });
    const text = await res.text();
    let parsed: unknown = text;
    if ((res.headers.get('content-type') ?? '').includes('json') && text) parsed = JSON.parse(text);
    return { status: res.status, body: parsed as T, headers: res.headers };
  }

  get<T = any>(path: string, opts?: RequestOptions) { return this.request<T>('GET', path, undefined, opts); } // eslint-disable-line @typescript-eslint/no-explicit-any
  post<T = any>(path: string, body?: unknown, opts?: RequestOptions) { return this.request<T>('POST', path, body ?? {}, opts); } // eslint-disable-line @typescript-eslint/no-explicit-any
  put<T = any>(path: string, body?: unknown, opts?: RequestOptions) { return this.request<T>('PUT', path, body ?? {}, opts); } // eslint-disable-line @typescript-eslint/no-explicit-any
  delete<T = any>(path: string, opts?: RequestOptions) { return this.request<T>('DELETE', path, undefined, opts); } // eslint-disable-line @typescript-eslint/no-explicit-any
}
