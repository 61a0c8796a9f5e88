/** Surveys, their statistics and the export of their answers (README « Routes »). */
import { Type } from '@sinclair/typebox';
import { reply, route, serviceRoutes, type ListParams, type RouteDefinition } from '@comptoir/sdk';
import { ExportQuery, StatisticsQuery, SurveyInput } from '../../schemas/index.ts';
import { MANAGE, READ } from '../permissions.ts';
import type { SurveysService } from '../services/surveys/surveys.ts';
import type { StatisticsService } from '../services/statistics/statistics.ts';
import type { ExportService } from '../services/export/export.ts';

/** an action without parameters: an empty JSON object, or nothing */
const NoBody = Type.Object({}, { additionalProperties: false });

export const surveyRoutes: RouteDefinition[] = [
  ...serviceRoutes<SurveysService>('surveys', (call) => [
    call('list', { method: 'GET', path: '/surveys', permission: READ, args: (req) => [req.query as ListParams], summary: 'Liste des questionnaires' }),
    call('get', { method: 'GET', path: '/surveys/:id', permission: READ, summary: 'Un questionnaire' }),
    call('create', { method: 'POST', path: '/surveys', permission: MANAGE, body: SurveyInput, status: 201, summary: 'Créer un questionnaire' }),
    call('update', { method: 'PUT', path: '/surveys/:id', permission: MANAGE, body: SurveyInput, summary: 'Modifier un questionnaire' }),
    call('remove', { method: 'DELETE', path: '/surveys/:id', permission: MANAGE, summary: 'Supprimer un questionnaire et ses réponses' }),
  ]),
  ...serviceRoutes<StatisticsService>('statistics', (call) => [
    call('get', {
      method: 'GET', path: '/surveys/:id/statistics', permission: READ, query: StatisticsQuery,
      args: (req) => [req.params.id, req.query.testMode === 'true'], summary: 'Statistiques par question (réponses réelles, ou de test)',
    }),
    call('rebuild', { method: 'POST', path: '/surveys/:id/statistics/rebuild', permission: MANAGE, body: NoBody, summary: 'Recompter les statistiques à partir des réponses' }),
  ]),
  route({
    method: 'GET', path: '/surveys/:id/export', permission: READ, query: ExportQuery,
    summary: 'Exporter les réponses (CSV ou XLSX)',
    handler: async (req) => {
      const file = await req.resolve<ExportService>('export').file(req.params.id, req.query.format ?? 'csv', req.query.testMode === 'true');
      return reply(200, file.bytes, { 'Content-Type': file.mime, 'Content-Disposition': `attachment; filename="${file.fileName}"` });
    },
  }),
];
