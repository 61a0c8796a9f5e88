/**
 * The multipart form of a plugin route declared with `upload` (sdk `RouteDefinition.upload`): the
 * same form as `POST /api/kernel/files` (upload-form.ts), read whole before the route's
 * transaction. The JSON fields are checked by the route's `body` schema (French 400 naming the
 * field) before any file byte is read; the files come back as bytes.
 */
import type { IncomingMessage } from 'node:http';
import type { Readable } from 'node:stream';
import type { TSchema } from '@sinclair/typebox';
import type { FormFile } from '@comptoir/sdk';
import { validate } from '../db/validation.ts';
import { normalizeIdentifiers } from '../util/ids.ts';
import { readUploadForm, type DeclaredFile } from './upload-form.ts';

async function bytesOf(stream: Readable): Promise<Uint8Array> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

export async function readRouteForm(
  req: IncomingMessage, limits: { maxFiles: number; fileSize: number }, body: TSchema | undefined,
): Promise<{ body: Record<string, unknown>; files: FormFile[] }> {
  let fields: Record<string, unknown> = {};
  const form = await readUploadForm(req, { ...limits, requestSize: limits.fileSize * limits.maxFiles }, {
    fields(raw) {
      fields = normalizeIdentifiers(raw) as Record<string, unknown>;
      if (body) validate(body, fields, { what: 'Champs du formulaire invalides' });
    },
    file: async (declared: DeclaredFile, stream: Readable): Promise<FormFile> => {
      const bytes = await bytesOf(stream);
      return { name: declared.name, mime: declared.mime, size: bytes.length, bytes };
    },
  });
  return { body: fields, files: form.files };
}
