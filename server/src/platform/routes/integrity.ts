/**
 * /api/kernel/integrity: every hash chain of the active company (invoices, payments of invoices,
 * payments to suppliers…), contributed by the plugins to `kernel.integrity-chains` and verified
 * together. Any member may ask; each chain is shown only to members holding its permission
 * (`invoicing.accounting.read` for those of invoicing and purchases), and a member who may see none
 * of the installed chains is refused (403) rather than told « tout est intact » about nothing. With
 * no chaining plugin installed there is nothing to vouch for: an empty answer (`checked: 0`).
 * Logic: services/integrity/.
 */
import { forbidden, integrityChains, route, type RouteDefinition } from '@comptoir/sdk';
import { verifyChains, visibleChains } from '../services/integrity/verify-chains.ts';

export const integrityRoutes: RouteDefinition[] = [
  route({
    method: 'GET', path: '/kernel/integrity',
    summary: 'Vérifier les chaînes d’empreintes de l’entreprise active (factures, paiements clients et fournisseurs…)',
    handler: async (req) => {
      const list = visibleChains(req);
      if (list.length === 0 && req.contributions(integrityChains).length > 0) throw forbidden('Vous n’avez accès à aucune chaîne d’intégrité de cette entreprise.');
      return verifyChains(req, list);
    },
  }),
];
