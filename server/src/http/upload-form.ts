/**
 * Reads the multipart form (http README « Uploads and attachments ») as a stream, with busboy:
 * each field JSON-encoded, `fileCount`, the per-file arrays `name[]`, `mime[]`, `size[]`,
 * `lastModified[]`, then the files as `files[]` (the order the SDK's client sends). Nothing is
 * buffered: each file's stream goes to `file()` as it arrives, after its declaration was checked
 * against the limits. The first refusal stops everything: the streams in flight are destroyed, the
 * rest of the request is read and thrown away (so that the client reads the answer), and the
 * promise rejects once every `file()` has settled, so the caller can remove what was stored.
 */
import type { IncomingMessage } from 'node:http';
import type { Readable } from 'node:stream';
import busboy from 'busboy';
import { badRequest, HttpError, formatSize } from '@comptoir/sdk';
import { boundaryOf, formTextCheck } from './form-text.ts';
import { findJsonProblem, jsonProblemMessage } from './json-guard.ts';

export interface UploadLimits {
  /** bytes per file */
  fileSize: number;
  /** bytes per request (all files) */
  requestSize: number;
  maxFiles: number;
}

export interface DeclaredFile {
  index: number;
  /** the name in `name[]` (else the part's file name) */
  name: string;
  mime: string;
  /** bytes, as declared in `size[]` */
  size: number;
  lastModified: number;
}

export interface FormCallbacks<T> {
  /** the JSON fields, once, before the first file is read; throws to refuse */
  fields(fields: Record<string, unknown>): void;
  /** consumes the file's stream; rejects to refuse the whole upload */
  file(declared: DeclaredFile, stream: Readable): Promise<T>;
}

export interface UploadForm<T> {
  fields: Record<string, unknown>;
  files: T[];
}

const ARRAYS = ['name[]', 'mime[]', 'size[]', 'lastModified[]'] as const;
type ArrayName = (typeof ARRAYS)[number];
const FILE_PARTS = new Set(['files[]', 'files']);
/** the JSON fields and arrays are small; the bytes are in the files */
const FIELD_BYTES = 256 * 1024;
const FORM_OVERHEAD = 1024 * 1024;

export const tooLarge = (message: string, field = 'files') => new HttpError('TOO_LARGE', message, [{ field, message }]);
const invalid = (message: string, field: string) => badRequest(message, [{ field, message }]);

export const FORM_EXPECTED = 'Envoyez les fichiers en multipart/form-data : les champs encodés en JSON, fileCount, name[], mime[], size[], lastModified[], puis les fichiers (files[]).';

function requestLimitMessage(limits: UploadLimits) {
  return `L’envoi dépasse la taille maximale de ${formatSize(limits.requestSize)} par envoi.`;
}

/** Reads and discards the rest of a refused request, up to the request limit (then cuts it). */
function drain(req: IncomingMessage, limit: number) {
  let seen = 0;
  req.on('data', (chunk: Buffer) => {
    seen += chunk.length;
    if (seen > limit + FORM_OVERHEAD) req.destroy();
  });
  req.resume();
}

export function readUploadForm<T>(req: IncomingMessage, limits: UploadLimits, callbacks: FormCallbacks<T>): Promise<UploadForm<T>> {
  const length = Number(req.headers['content-length'] ?? 0);
  if (length > limits.requestSize + FORM_OVERHEAD) {
    // read what was announced, up to twice the limit, so that the client gets to read the 413
    drain(req, Math.min(length, 2 * limits.requestSize + FORM_OVERHEAD));
    return Promise.reject(tooLarge(requestLimitMessage(limits)));
  }
  let bb: busboy.Busboy;
  try {
    bb = busboy({
      headers: req.headers,
      defParamCharset: 'utf8',
      limits: { fileSize: limits.fileSize + 1, files: limits.maxFiles, fields: 50 + 4 * limits.maxFiles, fieldSize: FIELD_BYTES, parts: 60 + 5 * limits.maxFiles },
    });
  } catch {
    drain(req, limits.requestSize);
    return Promise.reject(badRequest(FORM_EXPECTED));
  }

  return new Promise<UploadForm<T>>((resolve, reject) => {
    const fields: Record<string, unknown> = {};
    const arrays: Record<ArrayName, string[]> = { 'name[]': [], 'mime[]': [], 'size[]': [], 'lastModified[]': [] };
    let fileCount: number | null = null;
    let fieldsChecked = false;
    let declaredTotal = 0;
    const handlers: Promise<T>[] = [];
    const active = new Set<Readable>();
    let failure: unknown = null;
    let parsed = false;

    const finish = async () => {
      const outcomes = await Promise.allSettled(handlers);
      if (failure) return reject(failure);
      const refused = outcomes.find((o) => o.status === 'rejected');
      if (refused) return reject((refused as PromiseRejectedResult).reason);
      resolve({ fields, files: outcomes.map((o) => (o as PromiseFulfilledResult<T>).value) });
    };
    const fail = (err: unknown) => {
      if (failure) return;
      failure = err;
      req.unpipe(bb);
      bb.removeAllListeners();
      bb.on('error', () => undefined);
      for (const s of active) s.destroy(err as Error);
      drain(req, limits.requestSize);
      void finish();
    };
    const guard = <A extends unknown[]>(fn: (...args: A) => void) => (...args: A) => {
      if (failure) return;
      try { fn(...args); } catch (e) { fail(e); }
    };

    bb.on('field', guard((name: string, value: string, info: busboy.FieldInfo) => {
      if (info.nameTruncated || info.valueTruncated) throw tooLarge(`Le champ « ${name} » est trop long.`, name);
      if (handlers.length) throw invalid(`Le champ « ${name} » arrive après les fichiers : les champs doivent les précéder.`, name);
      if (name === 'fileCount') {
        const n = /^\d{1,6}$/.test(value.trim()) ? Number(value.trim()) : NaN;
        if (!(n >= 1)) throw invalid('fileCount doit être un nombre entier de fichiers, au moins 1.', 'fileCount');
        if (n > limits.maxFiles) throw tooLarge(`Trop de fichiers : ${limits.maxFiles} au plus par envoi.`, 'fileCount');
        fileCount = n;
        return;
      }
      if ((ARRAYS as readonly string[]).includes(name)) {
        arrays[name as ArrayName].push(value);
        return;
      }
      if (name in fields) throw invalid(`Le champ « ${name} » est envoyé deux fois.`, name);
      let parsed: unknown;
      try {
        parsed = JSON.parse(value);
      } catch {
        throw invalid(`Le champ « ${name} » n’est pas du JSON valide (chaque champ du formulaire est encodé en JSON).`, name);
      }
      // the guard of JSON bodies (depth, prototype keys, Unicode)
      const problem = findJsonProblem(parsed);
      if (problem) throw invalid(jsonProblemMessage(problem, `Champ « ${name} »`), name);
      fields[name] = parsed;
    }));

    bb.on('file', (part: string, stream: Readable, info: busboy.FileInfo) => {
      if (failure) { stream.resume(); return; }
      try {
        const index = handlers.length;
        if (!FILE_PARTS.has(part)) throw invalid(`Partie inattendue : « ${part} » (les fichiers s’envoient sous files[]).`, part);
        if (fileCount === null) throw invalid('fileCount manquant : il doit précéder les fichiers.', 'fileCount');
        if (index >= fileCount) throw invalid(`Plus de fichiers que fileCount (${fileCount}).`, 'fileCount');
        if (!fieldsChecked) { fieldsChecked = true; callbacks.fields(fields); }
        const declared = declaredFile(index, fileCount, arrays, info);
        if (declared.size > limits.fileSize) {
          throw tooLarge(`Le fichier « ${declared.name} » (${formatSize(declared.size)}) dépasse la taille maximale de ${formatSize(limits.fileSize)} par fichier.`);
        }
        declaredTotal += declared.size;
        if (declaredTotal > limits.requestSize) throw tooLarge(requestLimitMessage(limits));
        stream.on('limit', () => fail(tooLarge(`Le fichier « ${declared.name} » dépasse la taille maximale de ${formatSize(limits.fileSize)} par fichier.`)));
        active.add(stream);
        const handler = callbacks.file(declared, stream).finally(() => active.delete(stream));
        handler.catch(fail);
        handlers.push(handler);
      } catch (e) {
        stream.resume();
        fail(e);
      }
    });

    bb.on('filesLimit', () => fail(tooLarge(`Trop de fichiers : ${limits.maxFiles} au plus par envoi.`)));
    bb.on('fieldsLimit', () => fail(invalid('Trop de champs dans le formulaire.', 'fields')));
    bb.on('partsLimit', () => fail(invalid('Trop de parties dans le formulaire.', 'parts')));
    bb.on('error', (err: Error) => fail(badRequest(`Formulaire multipart invalide ou incomplet (${err.message}).`)));
    bb.on('close', guard(() => {
      parsed = true;
      if (fileCount === null) throw invalid('fileCount manquant : le formulaire doit annoncer le nombre de fichiers.', 'fileCount');
      for (const a of ARRAYS) {
        if (arrays[a].length !== fileCount) throw invalid(`${a} doit contenir une valeur par fichier (${fileCount} attendues, ${arrays[a].length} reçues).`, a);
      }
      if (handlers.length !== fileCount) throw invalid(`fileCount annonce ${fileCount} fichier(s), ${handlers.length} reçu(s).`, 'fileCount');
      void finish();
    }));
    const interrupted = () => { if (!parsed && !req.complete) fail(badRequest('Envoi interrompu avant la fin du formulaire.')); };
    req.on('close', interrupted);
    req.on('error', interrupted);
    // the text fields are UTF-8 like JSON bodies (http/form-text.ts): looked at before busboy reads them
    const boundary = boundaryOf(req.headers['content-type'] ?? '');
    if (boundary) {
      const text = formTextCheck(boundary, FIELD_BYTES + 16 * 1024);
      req.on('data', (chunk: Buffer) => { if (!failure) { try { text.push(chunk); } catch (e) { fail(e); } } });
    }
    req.pipe(bb);
  });
}

function declaredFile(index: number, count: number, arrays: Record<ArrayName, string[]>, info: busboy.FileInfo): DeclaredFile {
  for (const a of ARRAYS) {
    if (arrays[a].length !== count) {
      throw invalid(`${a} doit contenir une valeur par fichier, avant les fichiers (${count} attendues, ${arrays[a].length} reçues).`, a);
    }
  }
  const size = arrays['size[]'][index].trim();
  if (!/^\d{1,16}$/.test(size)) throw invalid(`size[${index}] doit être une taille en octets (reçu « ${size} »).`, 'size[]');
  const lastModified = arrays['lastModified[]'][index].trim();
  // 8.64e15 ms: the last instant a JavaScript Date can hold
  if (!/^\d{1,16}(\.\d+)?$/.test(lastModified) || Number(lastModified) > 8.64e15) throw invalid(`lastModified[${index}] doit être une date en millisecondes (reçu « ${lastModified} »).`, 'lastModified[]');
  const name = cleanName(arrays['name[]'][index] || info.filename || '');
  if (!name) throw invalid(`name[${index}] : le fichier n’a pas de nom.`, 'name[]');
  return { index, name, mime: arrays['mime[]'][index], size: Number(size), lastModified: Math.floor(Number(lastModified)) };
}

const NAME_MAX = 255;

/**
 * The last segment of a name (Windows or POSIX path), without control characters, 255 characters
 * at most: a longer one keeps its extension (it decides how the file is served).
 */
export function cleanName(name: string): string {
  const last = name.split(/[\\/]/).pop() ?? '';
  // eslint-disable-next-line no-control-regex
  const chars = Array.from(last.replace(/[\u0000-\u001f\u007f]/g, '').trim());
  if (chars.length <= NAME_MAX) return chars.join('');
  const ext = /\.[A-Za-z0-9]{1,10}$/.exec(last)?.[0] ?? '';
  return chars.slice(0, NAME_MAX - ext.length).join('') + ext;
}
