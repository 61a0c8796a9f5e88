/**
 * Routes of recurring invoices (collection `invoice-templates`, invoicing README « Recurring invoices »): the templates, « Lancer
 * maintenant », the coming runs, and the run history (`invoice-template-runs`, read only).
 */
import { crudRoutes, reply, route, serviceRoutes, type RouteDefinition } from '@comptoir/sdk';
import {
  InvoiceTemplateCreateInput, InvoiceTemplateRunInput, InvoiceTemplateUpdateInput,
} from '../../schemas/index.ts';
import { InvoiceTemplateRuns, InvoiceTemplates } from '../entities.ts';
import { TEMPLATES_MANAGE, TEMPLATES_READ } from '../permissions.ts';
import type { TemplatesService } from '../services/recurring/templates.ts';
import type { RecurringService } from '../services/recurring/recurring.ts';
import { upcomingRuns, upcomingSpanOf } from '../services/recurring/recurring-upcoming.ts';

export const templateRoutes: RouteDefinition[] = [
  // before `/invoice-templates/:id`, which would read « upcoming » as an id
  route({
    method: 'GET', path: '/invoice-templates/upcoming', permission: TEMPLATES_READ,
    summary: 'Prochaines exécutions des règles (from, to : 31 jours par défaut, 367 au plus)',
    handler: async (req) => {
      const { from, to } = upcomingSpanOf(req.query as { from?: unknown; to?: unknown }, req.now);
      return { from: from.toISOString(), to: to.toISOString(), ...(await upcomingRuns(req, from, to)) };
    },
  }),
  ...crudRoutes(InvoiceTemplates, { read: TEMPLATES_READ, write: TEMPLATES_MANAGE, only: ['list', 'get'] }),
  ...serviceRoutes<TemplatesService>('templates', (call) => [
    call('create', {
      method: 'POST', path: '/invoice-templates', permission: TEMPLATES_MANAGE, body: InvoiceTemplateCreateInput, status: 201,
      summary: 'Créer un modèle de facture récurrente',
    }),
    call('update', {
      method: 'PUT', path: '/invoice-templates/:id', permission: TEMPLATES_MANAGE, body: InvoiceTemplateUpdateInput,
      summary: 'Modifier un modèle de facture récurrente',
    }),
    call('remove', {
      method: 'DELETE', path: '/invoice-templates/:id', permission: TEMPLATES_MANAGE, status: 204,
      summary: 'Supprimer un modèle (ses factures et son historique restent)',
    }),
  ]),
  route({
    method: 'POST', path: '/invoice-templates/:id/run', permission: TEMPLATES_MANAGE, body: InvoiceTemplateRunInput, status: 201,
    summary: 'Lancer maintenant une règle du modèle (son occurrence en cours, une fois) : 201 et l’exécution faite, ou 200 et celle déjà faite',
    handler: async (req) => {
      const { run, fresh } = await req.resolve<RecurringService>('recurring').runNow(req.params.id, req.body.identifier, req.body.occurrence);
      return reply(fresh ? 201 : 200, run);
    },
  }),
  ...crudRoutes(InvoiceTemplateRuns, { read: TEMPLATES_READ, write: TEMPLATES_MANAGE, only: ['list', 'get'] }),
];
