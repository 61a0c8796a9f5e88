/**
 * Turns every failure into the error body of http README « Errors ». Known errors keep their status and French
 * message; anything else is a 500 logged with the request id, with no stack trace in the answer.
 */
import type Koa from 'koa';
import { HttpError, isHttpError } from '@comptoir/sdk';

interface BodyParserError { status?: number; type?: string; expose?: boolean; message?: string }

/** http-errors' convention: a client error a library threw for the request (its text is English) */
const CLIENT_ERROR_CODES: Record<number, HttpError['code']> = { 401: 'UNAUTHENTICATED', 403: 'FORBIDDEN', 404: 'NOT_FOUND', 409: 'CONFLICT', 413: 'TOO_LARGE', 429: 'RATE_LIMITED' };

export function toHttpError(err: unknown): HttpError | null {
  if (err instanceof HttpError) return err;
  if (isHttpError(err)) return new HttpError(err.code, err.message, Array.isArray(err.details) ? err.details : []);
  const e = err as BodyParserError;
  if (e && (e.status === 413 || e.type === 'entity.too.large')) {
    return new HttpError('TOO_LARGE', 'Le corps de la requête est trop volumineux.');
  }
  if (e && e.status === 400 && (e.type === 'entity.parse.failed' || /JSON/i.test(e.message ?? ''))) {
    return new HttpError('VALIDATION', 'Le corps de la requête n’est pas un JSON valide.');
  }
  if (e && e.status === 415) {
    return new HttpError('VALIDATION', 'Type de contenu non pris en charge : envoyez du JSON (Content-Type: application/json).');
  }
  if (e && (e.type === 'encoding.unsupported' || e.type === 'charset.unsupported')) {
    return new HttpError('VALIDATION', 'Encodage du corps non pris en charge (UTF-8 attendu).');
  }
  if (e && e.type === 'request.aborted') return new HttpError('VALIDATION', 'Requête interrompue.');
  // any other client error a library marked as the request's fault: a French 4xx, never a 500
  if (e && e.expose === true && typeof e.status === 'number' && e.status >= 400 && e.status < 500) {
    const code = CLIENT_ERROR_CODES[e.status] ?? 'VALIDATION';
    return new HttpError(code, code === 'NOT_FOUND' ? 'Élément introuvable.' : 'Requête refusée : elle est mal formée ou incomplète.');
  }
  return null;
}

export function errorMiddleware(): Koa.Middleware {
  return async (ctx, next) => {
    try {
      await next();
      if (ctx.status === 404 && ctx.body === undefined) {
        throw new HttpError('NOT_FOUND', `Route inconnue : ${ctx.method} ${ctx.path}.`);
      }
    } catch (err) {
      const known = toHttpError(err);
      if (known) {
        ctx.status = known.status;
        ctx.body = known.toJSON();
        if (known.status >= 500) ctx.state.log?.error({ err }, 'request failed');
        return;
      }
      ctx.state.log?.error({ err }, 'unexpected error');
      ctx.status = 500;
      ctx.body = {
        status: 500,
        code: 'INTERNAL',
        message: `Erreur interne du serveur. Référence : ${ctx.state.requestId ?? 'inconnue'}.`,
        details: [],
      };
    }
  };
}
