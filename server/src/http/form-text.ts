/**
 * The text fields of a multipart form follow the rule of JSON bodies (body.ts): UTF-8 only. busboy
 * decodes a field with the charset its part declares and replaces bytes it cannot read with
 * U+FFFD, without telling; so the raw bytes are looked at here, on their way to busboy:
 * - a field part declaring `charset=` anything but UTF-8 is refused;
 * - a field's bytes must be valid UTF-8.
 * Only the fields are looked at: the form puts them before the files (upload-form.ts refuses a
 * field after a file), so the check stops at the first file part and the bytes of the files are
 * never scanned. A part longer than the field limit is left to busboy, which refuses it.
 */
import { badRequest, type HttpError } from '@comptoir/sdk';
import { declaredCharset, isUtf8Label } from './body.ts';

const CRLF2 = Buffer.from('\r\n\r\n');

/** The boundary of a `multipart/form-data` Content-Type, or null. */
export function boundaryOf(contentType: string): string | null {
  const m = /;\s*boundary\s*=\s*(?:"([^"]{1,70})"|([^;\s]{1,70}))/i.exec(contentType);
  return m ? (m[1] ?? m[2]) : null;
}

function headerValue(headers: string, name: string): string | null {
  const m = new RegExp(`^${name}\\s*:\\s*(.*)$`, 'im').exec(headers);
  return m ? m[1].trim() : null;
}

export interface FormTextCheck {
  /** the next bytes of the request, in order; throws the refusal of a field */
  push(chunk: Buffer): void;
}

/**
 * Looks at the parts of a form whose boundary is `boundary` until its first file. `maxPart` bounds
 * what is kept of one part (its headers and value): past it, checking stops.
 */
export function formTextCheck(boundary: string, maxPart: number): FormTextCheck {
  // every delimiter, the first one included, is CRLF "--" boundary (RFC 2046 §5.1.1)
  const delimiter = Buffer.from(`\r\n--${boundary}`);
  let pending: Buffer = Buffer.from('\r\n');
  let inPart = false;
  let done = false;

  const refuse = (message: string, field: string): HttpError => badRequest(message, [{ field, message }]);

  /** a whole part: `[transport padding] CRLF headers CRLF CRLF value`; false once a file is met */
  function checkPart(part: Buffer): boolean {
    const end = part.indexOf(CRLF2);
    if (end < 0) return true; // malformed: busboy says so
    const headers = part.subarray(0, end).toString('latin1');
    const disposition = headerValue(headers, 'content-disposition') ?? '';
    const type = headerValue(headers, 'content-type') ?? '';
    if (/;\s*filename\*?\s*=/i.test(disposition) || /^application\/octet-stream\b/i.test(type)) return false;
    const field = /;\s*name\s*=\s*(?:"([^"]*)"|([^;\s]*))/i.exec(disposition);
    const name = field ? (field[1] ?? field[2]) : '(champ)';
    const charset = declaredCharset(type);
    if (charset && !isUtf8Label(charset)) {
      throw refuse(`Le champ « ${name} » est déclaré en « ${charset} » : seul l’UTF-8 est accepté dans un formulaire.`, name);
    }
    try {
      new TextDecoder('utf-8', { fatal: true }).decode(part.subarray(end + CRLF2.length));
    } catch {
      throw refuse(`Le champ « ${name} » n’est pas du texte UTF-8 valide.`, name);
    }
    return true;
  }

  return {
    push(chunk) {
      if (done) return;
      pending = pending.length ? Buffer.concat([pending, chunk]) : chunk;
      for (;;) {
        const at = pending.indexOf(delimiter);
        if (at < 0) {
          if (pending.length > maxPart + delimiter.length) {
            // a preamble this long is no form of ours; a long field is busboy's to refuse
            if (!inPart) throw badRequest('Formulaire multipart invalide : texte inattendu avant la première partie.');
            done = true;
            pending = Buffer.alloc(0);
          }
          return;
        }
        if (inPart && !checkPart(pending.subarray(0, at))) {
          done = true;
          pending = Buffer.alloc(0);
          return;
        }
        inPart = true;
        pending = pending.subarray(at + delimiter.length);
      }
    },
  };
}
