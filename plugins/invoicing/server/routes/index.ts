/**
 * The route table of the « Facturation » plugin, mounted under `/api/invoicing` (invoicing README « Routes »): one file
 * per business process, listed here in the order they are matched. Thin: parse, call a service,
 * answer.
 */
import type { RouteDefinition } from '@comptoir/sdk';
import { computeRoutes, invoiceRoutes } from './invoices.ts';
import { facturXRoutes } from './facturx.ts';
import { quotationRoutes } from './quotations.ts';
import { paymentRoutes } from './payments.ts';
import { documentRoutes } from './documents.ts';
import { templateRoutes } from './templates.ts';
import { accountingRoutes } from './accounting.ts';

export const routes: RouteDefinition[] = [
  ...computeRoutes,
  ...invoiceRoutes,
  ...facturXRoutes,
  ...quotationRoutes,
  ...paymentRoutes,
  ...documentRoutes,
  ...templateRoutes,
  ...accountingRoutes,
];
