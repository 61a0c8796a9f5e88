/**
 * /api/kernel/files: the files browser. The upload is the multipart form of http README « Uploads and attachments », read from
 * the raw request and streamed to storage before one short transaction records the File
 * (services/files/upload-commit.ts); list and read are the usual resource routes.
 */
import { crudRoutes, route, type RouteDefinition } from '@comptoir/sdk';
import { FileUpdateInput, FileUploadFields } from '@comptoir/schemas';
import { Files } from '../../entities/platform.ts';
import { P } from '../permissions.ts';
import { validate } from '../../db/validation.ts';
import { normalizeIdentifiers } from '../../util/ids.ts';
import { SUBFOLDERS } from '../services/files/attachment-keys.ts';
import { checkGroup, deleteFile, editableFile, fileFromUpload } from '../services/files/files.ts';
import { receiveUpload } from '../services/files/upload-store.ts';
import { commitUpload, nodeRequest, storageOf, uploadLimits } from '../services/files/upload-commit.ts';

const reads = crudRoutes(Files, { write: P.filesManage, only: ['list', 'get'] })
  .map((r): RouteDefinition => ({ ...r, path: `/kernel${r.path}` }));

export const fileRoutes: RouteDefinition[] = [
  ...reads,
  route({
    method: 'POST', path: '/kernel/files', status: 201, transactional: false,
    summary: 'Déposer des fichiers (multipart : champs JSON, fileCount, name[], mime[], size[], lastModified[], files[])',
    async handler(req) {
      let fields: FileUploadFields = {};
      const upload = await receiveUpload(nodeRequest(req), {
        storage: storageOf(req), limits: uploadLimits(req), now: req.now,
        folder: req.caller.companyId!, subfolder: SUBFOLDERS.files,
        fields(raw) {
          const normalized = normalizeIdentifiers(raw);
          validate(FileUploadFields, normalized, { what: 'Champs du formulaire invalides' });
          fields = normalized as FileUploadFields;
        },
      });
      return commitUpload(req, upload.keys, async (ctx) => {
        await checkGroup(ctx, fields.fk);
        return ctx.repo(Files).create(fileFromUpload(fields, upload.attachments));
      });
    },
  }),
  route({
    method: 'PUT', path: '/kernel/files/:id', body: FileUpdateInput,
    summary: 'Renommer, décrire ou classer un fichier (son auteur, ou kernel.files.manage)',
    async handler(req) {
      await editableFile(req, req.params.id);
      await checkGroup(req, (req.body as FileUpdateInput).fk);
      return req.repo(Files).update(req.params.id, req.body as Record<string, unknown>);
    },
  }),
  route({
    method: 'DELETE', path: '/kernel/files/:id', status: 204,
    summary: 'Supprimer un fichier et ses octets (son auteur, ou kernel.files.manage)',
    async handler(req) {
      await deleteFile(req, req.params.id);
      return null;
    },
  }),
];
