/**
 * Imports (README « Import »): `POST /imports` takes the multipart form of spec 001 §7 (fields
 * JSON-encoded, one file), read before the transaction by the request layer (`upload`).
 */
import { badRequest, crudRoutes, route, type RouteDefinition } from '@comptoir/sdk';
import { ImportFields } from '../../schemas/index.ts';
import { Imports } from '../entities.ts';
import { MANAGE, READ } from '../permissions.ts';
import type { ImportService } from '../services/imports/import-service.ts';

/** a statement of 100 000 operations in OFX is about 30 MB */
export const MAX_STATEMENT_BYTES = 50 * 1024 * 1024;

export const importRoutes: RouteDefinition[] = [
  route({
    method: 'POST', path: '/imports', permission: MANAGE, body: ImportFields, status: 201,
    upload: { maxFiles: 1, fileSize: MAX_STATEMENT_BYTES },
    summary: 'Importer un relevé (OFX, CAMT.053, CSV ou JSON d’agrégateur) : rapport des ajouts, doublons et rejets',
    handler(req) {
      const file = req.files?.[0];
      if (!file) throw badRequest('Joignez le fichier du relevé.', [{ field: 'files', message: 'requis' }]);
      return req.resolve<ImportService>('imports').run(req.body, { name: file.name, bytes: file.bytes });
    },
  }),
  ...crudRoutes(Imports, { read: READ, write: MANAGE, only: ['list', 'get'] }),
];
