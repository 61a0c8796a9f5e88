/** The multipart form (client README « Uploads », http README « Uploads and attachments »). */
import type { NamedBlob, UploadFile } from './types.ts';

export const BLOB_READ_ERROR = 'Erreur de chargement du blob';

interface FileEntry {
  content: Blob;
  name: string;
  mime: string;
  lastModified: number;
}

function isNamedBlob(file: UploadFile): file is NamedBlob {
  return !(file instanceof Blob) && typeof file === 'object' && file !== null && 'blob' in file;
}

/**
 * Reads each file fully before building the form: a File whose disk copy changed or vanished only
 * fails when read, and the spec wants that reported as a blob error rather than a network error
 * halfway through the upload.
 */
async function readFile(file: UploadFile): Promise<FileEntry> {
  const blob = isNamedBlob(file) ? file.blob : file;
  const asFile = blob as Partial<File>;
  const name = isNamedBlob(file) ? file.name : asFile.name || 'blob';
  const lastModified = (isNamedBlob(file) ? file.lastModified : asFile.lastModified) ?? Date.now();
  const mime = blob.type || 'application/octet-stream';
  let bytes: ArrayBuffer;
  try {
    bytes = await blob.arrayBuffer();
  } catch {
    throw new Error(BLOB_READ_ERROR);
  }
  return { content: new Blob([bytes], { type: mime }), name, mime, lastModified };
}

export async function buildUploadForm(fields: Record<string, unknown>, files: UploadFile[]): Promise<FormData> {
  const entries = await Promise.all(files.map(readFile));
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) {
    if (value === undefined) continue; // JSON.stringify(undefined) is not JSON
    form.append(name, JSON.stringify(value));
  }
  form.append('fileCount', String(entries.length));
  for (const entry of entries) form.append('name[]', entry.name);
  for (const entry of entries) form.append('mime[]', entry.mime);
  for (const entry of entries) form.append('size[]', String(entry.content.size));
  for (const entry of entries) form.append('lastModified[]', String(entry.lastModified));
  // Files go last so that a streaming parser on the server knows the metadata before the bytes.
  for (const entry of entries) form.append('files[]', entry.content, entry.name);
  return form;
}

/** Turns upload progress (bytes sent, total) into distinct integer percentages. */
export function progressReporter(onProgress: (percent: number) => void) {
  let last = -1;
  return (loaded: number, total: number | undefined): void => {
    if (!total) return; // unknown length: no meaningful percentage
    const percent = Math.max(0, Math.min(100, Math.round((loaded * 100) / total)));
    if (percent === last) return;
    last = percent;
    onProgress(percent);
  };
}
