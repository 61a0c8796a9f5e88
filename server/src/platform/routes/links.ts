/**
 * /api/kernel/links/:plugin/:entity/:id: what other plugins link to one record of the active
 * company (`kernel.record-links`), in groups (« Achats liés »…), each shown only to members holding
 * its permission. Any member may ask; the record itself must be of the active company (404 in
 * French otherwise, as for an unknown kind of record); a malformed id is a 400 (request layer).
 * Logic: services/links/.
 */
import { route, type RouteDefinition } from '@comptoir/sdk';
import { checkTarget, linkedRecords } from '../services/links/linked-records.ts';

export const linkRoutes: RouteDefinition[] = [
  route({
    method: 'GET', path: '/kernel/links/:plugin/:entity/:id',
    summary: 'Les éléments d’autres plugins liés à un enregistrement de l’entreprise active',
    handler: async (req) => {
      const { plugin, entity, id } = req.params;
      await checkTarget(req, plugin, entity, id);
      return { data: await linkedRecords(req, `${plugin}.${entity}`, id) };
    },
  }),
];
