/**
 * The error vocabulary of the HTTP contract (http README « Errors »). Thrown anywhere in a request, an
 * HttpError becomes `{ status, code, message, details }`; anything else becomes a logged 500.
 */
export type ErrorCode =
  | 'VALIDATION' | 'UNAUTHENTICATED' | 'FORBIDDEN' | 'NOT_FOUND' | 'CONFLICT'
  | 'TOO_LARGE' | 'RATE_LIMITED' | 'INTERNAL';

export const STATUS_OF: Record<ErrorCode, number> = {
  VALIDATION: 400, UNAUTHENTICATED: 401, FORBIDDEN: 403, NOT_FOUND: 404, CONFLICT: 409,
  TOO_LARGE: 413, RATE_LIMITED: 429, INTERNAL: 500,
};

export interface ErrorDetail { field?: string; message: string; [k: string]: unknown }

export class HttpError extends Error {
  override name = 'HttpError';
  readonly status: number;
  constructor(readonly code: ErrorCode, message: string, readonly details: ErrorDetail[] = []) {
    super(message);
    this.status = STATUS_OF[code];
  }
  toJSON() {
    return { status: this.status, code: this.code, message: this.message, details: this.details };
  }
}

export const badRequest = (message: string, details: ErrorDetail[] = []) => new HttpError('VALIDATION', message, details);
export const unauthenticated = (message = 'Authentification requise.') => new HttpError('UNAUTHENTICATED', message);
export const forbidden = (message = 'Accès refusé.') => new HttpError('FORBIDDEN', message);
export const notFound = (message = 'Élément introuvable.') => new HttpError('NOT_FOUND', message);
export const conflict = (message: string, details: ErrorDetail[] = []) => new HttpError('CONFLICT', message, details);

/**
 * A plugin installed with its own copy of the SDK throws its own HttpError class: recognise the
 * shape rather than the class identity.
 */
export function isHttpError(e: unknown): e is HttpError {
  if (e instanceof HttpError) return true;
  const x = e as { name?: unknown; code?: unknown; message?: unknown } | null;
  return !!x && x.name === 'HttpError' && typeof x.code === 'string' && x.code in STATUS_OF && typeof x.message === 'string';
}
