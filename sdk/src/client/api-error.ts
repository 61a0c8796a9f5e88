/** Error mapping (client README « Errors ») for requests that reached (or failed to reach) the server. */

export interface ApiErrorInit {
  status: number;
  statusText: string;
  data: unknown;
  message: string;
}

/** The server's error body (http README « Errors »). */
export interface ErrorBody {
  status: number;
  code: string;
  message: string;
  details?: unknown[];
}

export class ApiError extends Error {
  override readonly name = 'ApiError';
  readonly status: number;
  readonly statusText: string;
  /** The response body, parsed as JSON when possible (our `{ status, code, message, details }`). */
  readonly data: unknown;

  constructor({ status, statusText, data, message }: ApiErrorInit) {
    super(message);
    this.status = status;
    this.statusText = statusText;
    this.data = data;
  }

  /** `code` of the server's error body (`VALIDATION`, `NOT_FOUND`…), if it sent one. */
  get code(): string | undefined {
    return isErrorBody(this.data) ? this.data.code : undefined;
  }

  /** `details` of the server's error body, [] when absent. */
  get details(): unknown[] {
    return isErrorBody(this.data) && Array.isArray(this.data.details) ? this.data.details : [];
  }
}

/** The spec's fixed answer for a request that got no response (refused, DNS, CORS, timeout…). */
export const NETWORK_ERROR = Object.freeze({
  status: 510,
  statusText: 'Network Error',
  message: 'Unexpected Network Error',
});

export function isErrorBody(value: unknown): value is ErrorBody {
  if (!value || typeof value !== 'object') return false;
  const body = value as Record<string, unknown>;
  return typeof body.status === 'number' && typeof body.code === 'string' && typeof body.message === 'string';
}

/**
 * Binary requests receive error bodies as bytes too, so bytes are decoded
 * and parsed to give callers the same `data` as a JSON call would.
 */
export function decodeBody(data: unknown): unknown {
  let text: string;
  if (data instanceof ArrayBuffer) text = new TextDecoder().decode(data);
  else if (ArrayBuffer.isView(data)) text = new TextDecoder().decode(new Uint8Array(data.buffer, data.byteOffset, data.byteLength));
  else if (typeof data === 'string') text = data;
  else return data;
  if (text === '') return text;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

/** The French message the server put in the body, else a generic one naming the status. */
function messageOf(data: unknown, status: number, statusText: string): string {
  if (data && typeof data === 'object') {
    const { message, error } = data as { message?: unknown; error?: unknown };
    if (typeof message === 'string' && message) return message;
    if (typeof error === 'string' && error) return error;
  }
  return statusText ? `Erreur HTTP ${status} (${statusText})` : `Erreur HTTP ${status}`;
}

export function apiErrorFromResponse(status: number, statusText: string, rawData: unknown): ApiError {
  const data = decodeBody(rawData);
  return new ApiError({ status, statusText, data, message: messageOf(data, status, statusText) });
}
