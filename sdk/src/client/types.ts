/**
 * Public types of the Comptoir HTTP client (client README, http README « Lists »).
 * Kept apart from the implementation so that a plugin can import them without the client's code.
 */

/** What the client needs from a key/value store: `localStorage` fits, so does a Map wrapper in Node. */
export interface TokenStorage {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
  removeItem(key: string): void;
}

/** Storage keys the client reads on every call (another part of the app may have changed them). */
export interface StorageKeys {
  token: string;
  company: string;
  /** JSON of the logged-in user; only read when `sendUserId` is on. */
  user: string;
}

export type HeaderValues = Record<string, string>;

export interface ClientOptions {
  /** e.g. `https://comptoir.example.fr/api`; request paths are appended to it. */
  baseURL: string;
  /** Defaults to `localStorage` when the runtime has one, else an in-memory store. */
  storage?: TokenStorage;
  /** Overrides of the default keys `comptoir.token`, `comptoir.company`, `comptoir.user`. */
  storageKeys?: Partial<StorageKeys>;
  /** Extra headers sent with every call; a function is evaluated per call. */
  headers?: HeaderValues | (() => HeaderValues);
  /**
   * Adds the stored user's id as `userId` to GET/list parameters and POST/PUT/DELETE bodies, as the
   * original client did. Off by default: the Comptoir server identifies the user from the bearer token.
   */
  sendUserId?: boolean;
  /** Request timeout in milliseconds (0 = none, the default). */
  timeout?: number;
  /** How long a download link / object URL lives before it is revoked (spec: 100 ms). */
  objectUrlLifetimeMs?: number;
}

/** Query parameters: strings, numbers and booleans are sent as is, dates as ISO text, anything else as JSON. */
export type QueryParams = Record<string, unknown>;

export interface Pagination {
  quantity: number;
  page?: number;
  /** Opaque cursor from a previous answer's `next`; takes precedence over `page`. */
  cursor?: string | null;
  /** Filled by `list()` with the total number of matching rows. */
  count?: number;
}

export interface Sort {
  field: string;
  ascending: boolean;
}

export type FilterMode =
  | 'contains' | 'eq' | 'neq' | 'in' | 'gt' | 'gte' | 'lt' | 'lte' | 'between' | 'exists';

export interface Filter {
  mode?: FilterMode;
  value?: unknown;
  valueIsObjectId?: boolean;
  valueIsDate?: boolean;
  startDate?: string | Date;
  endDate?: string | Date;
}

export type Filters = Record<string, Filter>;

export interface Aggregation {
  name: string;
  field: string;
  sum?: boolean;
  avg?: boolean;
  mode?: string;
  [option: string]: unknown;
}

export interface AggregationResult {
  sum?: number;
  avg?: number;
  [value: string]: unknown;
}

export interface ListOptions {
  filters?: Filters;
  pagination?: Pagination;
  sort?: Sort;
  aggregations?: Aggregation[];
  /** Other query parameters of the route, encoded like `get()` parameters. */
  params?: QueryParams;
}

export interface ListResult<T> {
  data: T[];
  count: number;
  next: string | null;
  aggregation: Record<string, AggregationResult>;
}

/** Receives the upload progress as an integer percentage, 0..100. */
export type ProgressCallback = (percent: number) => void;

/** A Blob with the metadata a File would carry, for runtimes or callers without File objects. */
export interface NamedBlob {
  blob: Blob;
  name: string;
  lastModified?: number;
}

export type UploadFile = Blob | NamedBlob;

export interface BinaryRequestOptions {
  /** POST (the spec's default, body sent as JSON) or GET (body sent as query parameters). */
  method?: 'GET' | 'POST';
}

export interface DownloadOptions extends BinaryRequestOptions {
  /** Defaults to the server's Content-Disposition file name, else `document.pdf`. */
  fileName?: string;
}

export interface OpenOptions extends BinaryRequestOptions {
  /** The type the new tab renders the data as; defaults to `application/pdf`. */
  mime?: string;
}

export interface BinaryResult {
  data: ArrayBuffer;
  /** Response Content-Type, `application/octet-stream` when the server gave none. */
  mime: string;
  /** File name from Content-Disposition, null when absent. */
  fileName: string | null;
}
