/**
 * The signed export of a period for a tax audit (README « Signed export »): the zip of an archive's
 * period, its verification, the company's public key. Thin: parse, call a service, answer.
 */
import { reply, route, type RouteDefinition } from '@comptoir/sdk';
import { MANAGE, READ } from '../permissions.ts';
import type { ExportsService } from '../services/exports/export-service.ts';
import { EmptyBody } from './cash-registers.ts';

/** an export of a busy year is large; a verification reads it whole */
export const MAX_EXPORT_BYTES = 200 * 1024 * 1024;

export const exportRoutes: RouteDefinition[] = [
  route({
    method: 'GET', path: '/archives/:id/export', permission: READ,
    // it logs `export.made` and may make the company's key: a write, in one transaction
    transactional: true,
    summary: 'Export signé de la période d’une archive (zip : tickets, tickets X et Z, archives, journal, empreintes, signature Ed25519)',
    handler: async (req) => {
      const { bytes, fileName } = await req.resolve<ExportsService>('exports').archiveExport(req.params.id);
      return reply(200, Buffer.from(bytes), {
        'Content-Type': 'application/zip',
        'Content-Length': String(bytes.length),
        'Content-Disposition': `attachment; filename="${fileName}"`,
        'Cache-Control': 'private, no-store',
      });
    },
  }),
  route({
    method: 'POST', path: '/exports/verify', permission: MANAGE, body: EmptyBody,
    upload: { maxFiles: 1, fileSize: MAX_EXPORT_BYTES },
    summary: 'Vérifier un export signé (signature du fichier et du manifeste, empreintes, chaînes)',
    handler: (req) => req.resolve<ExportsService>('exports').verify(req.files?.[0]),
  }),
  route({
    method: 'GET', path: '/signing-key', permission: READ, summary: 'La clé publique qui signe les exports de l’entreprise',
    handler: (req) => req.resolve<ExportsService>('exports').signingKey(),
  }),
];
