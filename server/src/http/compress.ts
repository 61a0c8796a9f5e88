/**
 * Compression of the JSON answers (http/README.md « Compression »): gzip or brotli, as the client
 * accepts, above 1 KiB. Only JSON: documents (PDF, Factur-X, FEC, archives, attachments) keep their
 * bytes and their length as the route wrote them, images and archives are compressed already, and
 * the shell's files come precompressed from the build (static.ts).
 */
import zlib from 'node:zlib';
import type Koa from 'koa';
import compress from 'koa-compress';

/** Below this, the headers and the work cost more than the saving. */
export const COMPRESS_THRESHOLD = 1024;

/** `application/json`, `application/problem+json`, with or without parameters. */
export function isJsonType(type: string): boolean {
  return /^application\/([\w.-]+\+)?json\s*(;|$)/i.test(type);
}

export function compressJson(): Koa.Middleware {
  return compress({
    filter: isJsonType,
    threshold: COMPRESS_THRESHOLD,
    // brotli at quality 4 (koa-compress's default): as fast as gzip, a few % smaller on our lists
    br: { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 4 } },
    gzip: {},
    // the two every browser sends and the build precompresses with; the same answer on every Node
    deflate: false,
    zstd: false,
  }) as Koa.Middleware;
}
