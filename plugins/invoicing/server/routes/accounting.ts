/**
 * Routes of the inalterability verifier and of the FEC export (issue 6), mounted under
 * `/api/invoicing` with the plugin's other routes: `GET /integrity` and `GET /fec` as invoicing README « Routes » names
 * them, a summary of the FEC for the screen, and the chart of accounts.
 */
import { Type } from '@sinclair/typebox';
import { reply, route, type RouteDefinition } from '@comptoir/sdk';
import { AccountingSettingsInput } from '../../schemas/index.ts';
import { ACCOUNTING_MANAGE, ACCOUNTING_READ } from '../permissions.ts';
import { integritySummary, type IntegrityService } from '../services/emission/integrity.ts';
import { parseFiscalYear } from '../services/accounting/fec-period.ts';
import { FEC_CHARSET } from '../services/accounting/fec-format.ts';
import type { FecService } from '../services/accounting/fec.ts';
import type { ChartService } from '../services/accounting/chart.ts';

/** `?fiscalYear=YYYY`, checked by the service for a message naming it (a missing one too). */
const FiscalYearQuery = Type.Object({ fiscalYear: Type.Optional(Type.Unknown()) });

export const accountingRoutes: RouteDefinition[] = [
  route({
    method: 'GET', path: '/integrity', permission: ACCOUNTING_READ,
    summary: 'Vérifier les chaînes d’empreintes des factures et des paiements',
    handler: async (req) => integritySummary(await req.resolve<IntegrityService>('integrity').verify()),
  }),
  route({
    method: 'GET', path: '/fec', permission: ACCOUNTING_READ, query: FiscalYearQuery,
    summary: 'Fichier des écritures comptables (FEC) d’un exercice',
    handler: async (req) => {
      const { fileName, bytes, fiscalYear } = await req.resolve<FecService>('fec').file(parseFiscalYear(req.query.fiscalYear));
      return reply(200, bytes, {
        'Content-Type': `text/plain; charset=${FEC_CHARSET}`,
        'Content-Disposition': `attachment; filename="${fileName}"`,
        'X-FEC-Fiscal-Year': `${fiscalYear.firstDay}/${fiscalYear.lastDay}`,
        // an exercise not over yet gives a provisional file: the screen says so
        'X-FEC-Closed': String(fiscalYear.closed),
      });
    },
  }),
  route({
    method: 'GET', path: '/fec/summary', permission: ACCOUNTING_READ, query: FiscalYearQuery,
    summary: 'Résumé du FEC d’un exercice : période, nom du fichier, écritures et totaux par journal',
    handler: async (req) => {
      const { records, ...summary } = await req.resolve<FecService>('fec').build(parseFiscalYear(req.query.fiscalYear));
      return { ...summary, lines: records.length };
    },
  }),
  route({
    method: 'GET', path: '/accounting-settings', permission: ACCOUNTING_READ,
    summary: 'Plan comptable de l’entreprise (comptes et journaux par rôle)',
    handler: (req) => req.resolve<ChartService>('chart').get(),
  }),
  route({
    method: 'PUT', path: '/accounting-settings', permission: ACCOUNTING_MANAGE, body: AccountingSettingsInput,
    summary: 'Modifier le plan comptable (ce qui n’est pas donné garde sa valeur par défaut)',
    handler: (req) => req.resolve<ChartService>('chart').save(req.body),
  }),
];
