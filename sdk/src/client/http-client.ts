/** The Comptoir HTTP client (sdk/README-client.md), on fetch (browsers and Node, with upload progress: transport.ts). */
import { binaryError, fileNameFromDisposition, toArrayBuffer } from './binary-response.ts';
import { currentBrowser, openBlob, outsideBrowserError, saveBlob } from './browser.ts';
import { requestHeaders } from './headers.ts';
import { buildUploadForm, progressReporter } from './multipart.ts';
import { createPagination, encodeQuery, listQuery } from './query.ts';
import { DEFAULT_STORAGE_KEYS, SessionStore, defaultStorage } from './storage.ts';
import { joinURL, send, type Answer } from './transport.ts';
import { ApiError } from './api-error.ts';
import type {
  BinaryRequestOptions, BinaryResult, ClientOptions, DownloadOptions, HeaderValues, ListOptions,
  ListResult, OpenOptions, ProgressCallback, QueryParams, UploadFile,
} from './types.ts';

export const DEFAULT_FILE_NAME = 'document.pdf';
export const DEFAULT_OPEN_MIME = 'application/pdf';
export const OBJECT_URL_LIFETIME_MS = 100;

type Body = unknown;

/** Told of every ApiError before the call rejects with it: `path` is the path given to the method. */
export type ErrorListener = (error: ApiError, call: { method: string; path: string }) => void;

/** One call, before the headers and the base URL are added. */
interface Call {
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  url: string;
  params?: QueryParams;
  data?: Body;
  binary?: boolean;
  onUploadProgress?: (loaded: number, total: number | undefined) => void;
}

export class ComptoirClient {
  readonly session: SessionStore;
  private readonly options: ClientOptions;
  private readonly errorListeners = new Set<ErrorListener>();

  constructor(options: ClientOptions) {
    this.options = options;
    this.session = new SessionStore(options.storage ?? defaultStorage(), {
      ...DEFAULT_STORAGE_KEYS,
      ...options.storageKeys,
    });
  }

  setToken(token: string | null): void {
    this.session.setToken(token);
  }
  setCompany(companyId: string | null): void {
    this.session.setCompany(companyId);
  }
  setUser(user: object | null): void {
    this.session.setUser(user);
  }
  /** Forgets token, company and user, e.g. after logout. */
  clearSession(): void {
    this.setToken(null);
    this.setCompany(null);
    this.setUser(null);
  }

  /**
   * Calls `listener` with every ApiError (an HTTP error or no answer) before the call rejects, e.g.
   * the shell ends the session on a 401 from any screen. Answers the function that removes it.
   */
  onError(listener: ErrorListener): () => void {
    this.errorListeners.add(listener);
    return () => {
      this.errorListeners.delete(listener);
    };
  }

  get<T = unknown>(path: string, params?: QueryParams): Promise<T> {
    return this.json<T>({ method: 'GET', url: path, params: this.withUserIdParam(params) }, true);
  }
  post<T = unknown>(path: string, body?: Body): Promise<T> {
    return this.json<T>({ method: 'POST', url: path, data: this.withUserIdBody(body) }, true);
  }
  put<T = unknown>(path: string, body?: Body): Promise<T> {
    return this.json<T>({ method: 'PUT', url: path, data: this.withUserIdBody(body) }, true);
  }
  delete<T = void>(path: string): Promise<T> {
    const data = this.options.sendUserId ? this.withUserIdBody(undefined) : undefined;
    return this.json<T>({ method: 'DELETE', url: path, data }, true);
  }

  /** GET without bearer (login page, public settings): only the company header is sent. */
  publicGet<T = unknown>(path: string, params?: QueryParams): Promise<T> {
    return this.json<T>({ method: 'GET', url: path, params }, false);
  }
  publicPost<T = unknown>(path: string, body?: Body): Promise<T> {
    return this.json<T>({ method: 'POST', url: path, data: body }, false);
  }

  /**
   * A page of a collection. `pagination.count` receives the total count so that a table bound to
   * the same object updates its pager, as the spec's client did.
   */
  async list<T = unknown>(path: string, options: ListOptions = {}): Promise<ListResult<T>> {
    const pagination = options.pagination ?? createPagination();
    const params = this.withUserIdParam(listQuery(options, pagination));
    const answer = await this.json<Partial<ListResult<T>> | null>({ method: 'GET', url: path, params }, true);
    const data = Array.isArray(answer?.data) ? answer.data : [];
    const count = typeof answer?.count === 'number' ? answer.count : data.length;
    pagination.count = count;
    return { data, count, next: answer?.next ?? null, aggregation: answer?.aggregation ?? {} };
  }

  /** Multipart POST; `onProgress` receives integer percentages up to 100. */
  async upload<T = unknown>(
    path: string,
    fields: Record<string, unknown>,
    files: UploadFile[],
    onProgress?: ProgressCallback,
  ): Promise<T> {
    const userId = this.options.sendUserId ? this.session.userId : null;
    const allFields = userId && !('userId' in fields) ? { ...fields, userId } : fields;
    const form = await buildUploadForm(allFields, files);
    const report = onProgress ? progressReporter(onProgress) : undefined;
    return this.json<T>(
      {
        method: 'POST',
        url: path,
        data: form,
        onUploadProgress: report,
      },
      true,
    );
  }

  /** The bytes of a binary answer, for Node or for callers that handle the file themselves. */
  async fetchBinary(path: string, body?: Body, options: BinaryRequestOptions = {}): Promise<BinaryResult> {
    const method = options.method ?? 'POST';
    const response = await this.send(
      method === 'GET'
        ? { method, url: path, params: this.withUserIdParam(body as QueryParams | undefined), binary: true }
        : { method, url: path, data: this.withUserIdBody(body), binary: true },
      true,
    );
    const contentType = response.header('content-type');
    const disposition = response.header('content-disposition');
    const result: BinaryResult = {
      data: toArrayBuffer(response.data),
      mime: typeof contentType === 'string' && contentType ? contentType : 'application/octet-stream',
      fileName: fileNameFromDisposition(typeof disposition === 'string' ? disposition : null),
    };
    const error = binaryError(result, response.status, response.statusText ?? '');
    if (error) throw error;
    return result;
  }

  /** Saves a binary answer through the browser's download (browser only). */
  async download(path: string, body?: Body, options: DownloadOptions = {}): Promise<void> {
    const browser = currentBrowser();
    if (!browser) throw outsideBrowserError('download');
    const result = await this.fetchBinary(path, body, options);
    const fileName = options.fileName ?? result.fileName ?? DEFAULT_FILE_NAME;
    saveBlob(browser, new Blob([result.data], { type: result.mime }), fileName, this.objectUrlLifetime);
  }

  /** Shows a binary answer in a new tab (browser only). */
  async open(path: string, body?: Body, options: OpenOptions = {}): Promise<void> {
    const browser = currentBrowser();
    if (!browser) throw outsideBrowserError('open');
    const result = await this.fetchBinary(path, body, options);
    // The given type, not the response's: a PDF sent as octet-stream would be downloaded, not shown.
    const blob = new Blob([result.data], { type: options.mime ?? DEFAULT_OPEN_MIME });
    openBlob(browser, blob, this.objectUrlLifetime);
  }

  private get objectUrlLifetime(): number {
    return this.options.objectUrlLifetimeMs ?? OBJECT_URL_LIFETIME_MS;
  }

  private async json<T>(call: Call, authenticated: boolean): Promise<T> {
    // 204 and other empty answers are undefined: callers expect "nothing"
    return (await this.send(call, authenticated)).data as T;
  }

  private async send(call: Call, authenticated: boolean): Promise<Answer> {
    const headers = requestHeaders({
      token: this.session.token,
      company: this.session.company,
      extra: this.extraHeaders(),
      authenticated,
    });
    try {
      return await send({
        method: call.method,
        url: joinURL(this.options.baseURL, call.url, call.params ? encodeQuery(call.params) : ''),
        headers,
        body: call.data,
        binary: call.binary,
        timeout: this.options.timeout ?? 0,
        onUploadProgress: call.onUploadProgress,
      });
    } catch (error) {
      if (error instanceof ApiError) for (const listener of this.errorListeners) listener(error, { method: call.method, path: call.url });
      throw error;
    }
  }

  private extraHeaders(): HeaderValues {
    const { headers } = this.options;
    return (typeof headers === 'function' ? headers() : headers) ?? {};
  }

  private withUserIdParam(params: QueryParams | undefined): QueryParams | undefined {
    const userId = this.options.sendUserId ? this.session.userId : null;
    if (!userId || (params && 'userId' in params)) return params;
    return { ...params, userId };
  }

  /** Only plain-object bodies can take a userId; arrays and other payloads are left as they are. */
  private withUserIdBody(body: Body): Body {
    const userId = this.options.sendUserId ? this.session.userId : null;
    if (!userId) return body;
    if (body === undefined || body === null) return { userId };
    if (Object.getPrototypeOf(body) !== Object.prototype || 'userId' in (body as object)) return body;
    return { ...(body as object), userId };
  }
}

export function createClient(options: ClientOptions): ComptoirClient {
  return new ComptoirClient(options);
}
