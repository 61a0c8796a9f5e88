/**
 * How the document routes answer a file: its type and length, `Content-Disposition` written by the
 * `content-disposition` package (RFC 6266: the exact name in `filename*`, an ASCII fallback with
 * accents folded for old clients), never cached (an invoice's PDF follows its payments).
 */
import contentDispositionHeader from 'content-disposition';
import { Type } from '@sinclair/typebox';
import { reply } from '@comptoir/sdk';

/** `?download=1` saves the file (`attachment`) instead of showing it (`inline`). */
export const DownloadQuery = Type.Object({
  download: Type.Optional(Type.Union([Type.Literal('0'), Type.Literal('1'), Type.Literal('true'), Type.Literal('false')])),
});

export const wantsDownload = (download: string | undefined) => download === '1' || download === 'true';

const ascii = (fileName: string) => fileName.normalize('NFD').replace(/[\u0300-\u036f]/g, '').replace(/[^\x20-\x7e]|["\\]/g, '_');

export function contentDisposition(fileName: string, download: boolean): string {
  return contentDispositionHeader(fileName, { type: download ? 'attachment' : 'inline', fallback: ascii(fileName) });
}

export function fileReply(body: Buffer | string, file: { fileName: string; contentType: string; download: boolean }) {
  return reply(200, body, {
    'Content-Type': file.contentType,
    'Content-Length': String(Buffer.byteLength(body)),
    'Content-Disposition': contentDisposition(file.fileName, file.download),
    'Cache-Control': 'private, no-store',
  });
}
