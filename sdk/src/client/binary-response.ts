/** Reading binary answers: bytes, type, file name, and the JSON error some servers send with a 200. */
import { ApiError, isErrorBody } from './api-error.ts';
import type { BinaryResult } from './types.ts';

export function toArrayBuffer(data: unknown): ArrayBuffer {
  if (data instanceof ArrayBuffer) return data;
  // a Buffer (Node) may be a view on a larger pooled ArrayBuffer
  if (ArrayBuffer.isView(data)) {
    const copy = new Uint8Array(data.byteLength);
    copy.set(new Uint8Array(data.buffer, data.byteOffset, data.byteLength));
    return copy.buffer;
  }
  if (typeof data === 'string') return new TextEncoder().encode(data).buffer as ArrayBuffer;
  return new ArrayBuffer(0);
}

/** `filename*=UTF-8''…` (RFC 6266) first, then plain `filename=`. */
export function fileNameFromDisposition(disposition: string | null | undefined): string | null {
  if (!disposition) return null;
  const extended = /filename\*\s*=\s*(?:[\w-]+)?'[^']*'([^;]+)/i.exec(disposition);
  if (extended) {
    try {
      return decodeURIComponent(extended[1].trim());
    } catch {
      // malformed escape: fall back to the plain parameter
    }
  }
  const plain = /filename\s*=\s*("([^"]*)"|[^;]+)/i.exec(disposition);
  if (!plain) return null;
  return (plain[2] ?? plain[1]).trim() || null;
}

/**
 * Only bodies that claim to be JSON, or look like a JSON object, are parsed: a PDF starts with
 * `%PDF` and is never mistaken for an error.
 */
function parseJsonObject(bytes: ArrayBuffer, mime: string): Record<string, unknown> | null {
  const view = new Uint8Array(bytes);
  let first = 0;
  while (first < view.length && (view[first] === 0x20 || view[first] === 0x0a || view[first] === 0x0d || view[first] === 0x09)) first++;
  if (!/json/i.test(mime) && view[first] !== 0x7b /* { */) return null;
  try {
    const value = JSON.parse(new TextDecoder().decode(view)) as unknown;
    return value && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

/** The error a 2xx binary answer carries (`{ error: true, message }`, `{ error: 'text' }`, or our error body), if any. */
export function binaryError(result: BinaryResult, status: number, statusText: string): ApiError | null {
  const body = parseJsonObject(result.data, result.mime);
  if (!body) return null;
  if (isErrorBody(body)) {
    return new ApiError({ status: body.status, statusText, data: body, message: body.message });
  }
  const flag = body.error;
  if (!flag) return null;
  const message =
    typeof body.message === 'string' && body.message ? body.message
      : typeof flag === 'string' ? flag
        : 'Erreur lors de la récupération du fichier';
  return new ApiError({ status, statusText, data: body, message });
}
