/**
 * JSON request bodies (README « Request bodies »), read before routing and authentication so that
 * a malformed body is the same French 400 on every route, signed in or not:
 * - `application/json` (or `*\/*+json`) with no charset or `charset=utf-8` (any case); any other
 *   declared charset is refused, never decoded as UTF-8 with U+FFFD in place of its letters;
 * - the bytes must be valid UTF-8 (a fatal decoder: nothing replaced), a BOM is skipped;
 * - at most `limit` bytes once decompressed (gzip, deflate, br), else 413;
 * - then the JSON guard (json-guard.ts): depth, prototype keys, well-formed Unicode.
 * The parsed value goes to `ctx.request.body`; other types (multipart uploads, read as streams by
 * their routes) are left unread.
 */
import zlib from 'node:zlib';
import { finished, type Readable, type Transform } from 'node:stream';
import type Koa from 'koa';
import getRawBody from 'raw-body';
import { badRequest, HttpError } from '@comptoir/sdk';
import { findJsonProblem, jsonProblemDetail, jsonProblemMessage } from './json-guard.ts';

const PARSED_METHODS = new Set(['POST', 'PUT', 'PATCH']);

export const NOT_JSON = 'Le corps de la requête n’est pas un JSON valide.';
export const NOT_OBJECT = 'Le corps de la requête doit être un objet JSON.';
export const NOT_UTF8 = 'Le corps de la requête n’est pas de l’UTF-8 valide : envoyez le JSON encodé en UTF-8.';

/** `utf-8`, `UTF8`, `"utf-8"`: the charsets taken for a JSON body (none declared is UTF-8 too) */
export function isUtf8Label(charset: string): boolean {
  return /^utf-?8$/i.test(charset.trim().replace(/^"(.*)"$/, '$1'));
}

export function charsetRefused(charset: string): HttpError {
  return badRequest(
    `Encodage « ${charset} » non pris en charge : envoyez le corps en UTF-8 (Content-Type: application/json; charset=utf-8).`,
    [{ field: 'Content-Type', message: 'charset UTF-8 attendu' }],
  );
}

/** The `charset` parameter of a Content-Type, '' when none (a parameter list we cannot read counts as none: the bytes are still checked). */
export function declaredCharset(contentType: string): string {
  const m = /;\s*charset\s*=\s*("[^"]*"|[^;\s]*)/i.exec(contentType);
  return m ? m[1].replace(/^"(.*)"$/, '$1') : '';
}

function inflater(encoding: string): Transform {
  switch (encoding) {
    case 'gzip': case 'x-gzip': return zlib.createGunzip();
    case 'deflate': return zlib.createInflate();
    case 'br': return zlib.createBrotliDecompress();
    default: throw badRequest(`Content-Encoding « ${encoding} » non pris en charge (gzip, deflate, br ou aucun).`);
  }
}

/**
 * The request inflated. `pipe` alone carries data and the end, never an error nor an abort: a
 * client closing its connection half-way left the inflater waiting for an end that never came, and
 * the request hung for ever. So the request's failure (its error, or a close before its end) is
 * handed to the inflater, which fails the read. Not `stream.pipeline`: it would also destroy the
 * request when the inflater stops (a bomb past the limit, broken bytes), closing the connection
 * before the 4xx could be answered.
 */
function decompressed(req: Readable, encoding: string): { stream: Transform; release: () => void } {
  const stream = inflater(encoding);
  const release = finished(req, { writable: false }, (err) => {
    if (err) stream.destroy(err);
  });
  req.pipe(stream);
  return { stream, release };
}

/** The request ended before its body did (the client went away, its connection broke). */
const interrupted = (err: { type?: string; code?: string; message?: string }) => err.type === 'request.aborted'
  || err.code === 'ERR_STREAM_PREMATURE_CLOSE' || err.code === 'ECONNRESET' || err.message === 'aborted';

async function readBytes(ctx: Koa.Context, limit: number): Promise<Buffer> {
  const encoding = (ctx.get('Content-Encoding') || 'identity').trim().toLowerCase();
  const identity = encoding === 'identity';
  const inflated = identity ? null : decompressed(ctx.req, encoding);
  const stream = inflated?.stream ?? ctx.req;
  try {
    return await getRawBody(stream, { limit, length: identity ? ctx.get('Content-Length') || null : null });
  } catch (e) {
    const err = e as { type?: string; code?: string; message?: string };
    if (err.type === 'entity.too.large') throw new HttpError('TOO_LARGE', 'Le corps de la requête est trop volumineux.');
    if (err.type === 'request.size.invalid') throw badRequest('Le corps reçu ne correspond pas à sa longueur annoncée (Content-Length).');
    if (interrupted(err)) throw badRequest('Requête interrompue.');
    if (!identity && (err.code?.startsWith('Z_') || err.code?.startsWith('ERR_'))) throw badRequest(`Corps compressé illisible (Content-Encoding: ${encoding}).`);
    throw e;
  } finally {
    // a refused bomb leaves its inflater half-way: free it now
    if (inflated) {
      inflated.release();
      ctx.req.unpipe(inflated.stream);
      inflated.stream.destroy();
    }
  }
}

/** The bytes of a JSON body as its value; every refusal is a French 400. */
export function parseJsonBody(bytes: Buffer): unknown {
  if (bytes.length === 0) return undefined;
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    throw badRequest(NOT_UTF8, [{ field: '(corps)', message: 'octets UTF-8 invalides' }]);
  }
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    throw badRequest(NOT_JSON);
  }
  // as before (co-body's strict mode): a JSON text, but only an object or a list is a body
  if (value === null || typeof value !== 'object') throw badRequest(NOT_OBJECT);
  const problem = findJsonProblem(value);
  if (problem) throw badRequest(jsonProblemMessage(problem, 'Corps JSON'), [jsonProblemDetail(problem)]);
  return value;
}

export function jsonBody(options: { limit: number }): Koa.Middleware {
  return async (ctx, next) => {
    if (!PARSED_METHODS.has(ctx.method) || !ctx.is('json')) return next();
    const charset = declaredCharset(ctx.get('Content-Type'));
    if (charset && !isUtf8Label(charset)) throw charsetRefused(charset);
    const value = parseJsonBody(await readBytes(ctx, options.limit));
    if (value !== undefined) (ctx.request as unknown as { body?: unknown }).body = value;
    return next();
  };
}
