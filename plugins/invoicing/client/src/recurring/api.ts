/** What the « Factures récurrentes » screens know of the API (mounted under /api/invoicing) and of the shell. */
import type { InvoiceTemplateRun, UpcomingRun } from '../../../schemas/index.ts';

export type { CronRule, InvoiceTemplate, InvoiceTemplateRun, UpcomingRun } from '../../../schemas/index.ts';

export const TEMPLATES = '/invoicing/invoice-templates';
export const UPCOMING = '/invoicing/invoice-templates/upcoming';
export const RUNS = '/invoicing/invoice-template-runs';
export const GROUPS = '/kernel/groups';

/** the menu entry (package.json `comptoir.menu`) */
export const RECURRING_ROUTE = '/factures-recurrentes';

export const TEMPLATE_PERMISSIONS = {
  read: 'invoicing.invoice-templates.read',
  manage: 'invoicing.invoice-templates.manage',
} as const;

export const templatePath = (id: string, action?: string) => `${TEMPLATES}/${encodeURIComponent(id)}${action ? `/${action}` : ''}`;

export interface UpcomingAnswer { from: string; to: string; data: UpcomingRun[]; truncated: boolean }
export type { InvoiceTemplateRun as TemplateRun };
