/**
 * The platform's own steps of the first-run checklist: the company's legal identity (what invoices
 * must print, commerce README « Rules », Eligibility: the very check emission makes) and its mail server.
 */
import { missingInvoicingFields } from '@comptoir/sdk/commerce';
import type { CallContext, FirstStep } from '@comptoir/sdk';
import { Companies, SmtpSettingsEntity } from '../../../entities/platform.ts';
import { P } from '../../permissions.ts';

/** complete when an invoice could be emitted: nothing the eligibility rule asks is missing (commerce README « Rules ») */
export async function companyInfoComplete(ctx: CallContext): Promise<boolean> {
  if (!ctx.caller.companyId) return false;
  const company = await ctx.unscoped(Companies).find(ctx.caller.companyId);
  return !!company && missingInvoicingFields(company as Parameters<typeof missingInvoicingFields>[0]).length === 0;
}

export async function smtpConfigured(ctx: CallContext): Promise<boolean> {
  const smtp = await ctx.repo(SmtpSettingsEntity).findOneRaw({}) as { host?: string } | null;
  return !!smtp?.host?.trim();
}

export const PLATFORM_FIRST_STEPS: FirstStep[] = [
  {
    key: 'company-info', order: 10, permission: P.companiesManage,
    label: 'Complétez les informations de l’entreprise',
    description: 'Adresse, téléphone, e-mail, SIRET, code NAF et numéro de TVA : ce que vos factures doivent mentionner.',
    link: '/entreprise', done: companyInfoComplete,
  },
  {
    key: 'smtp', order: 60, permission: P.companiesManage,
    label: 'Configurez l’envoi des e-mails',
    description: 'Le serveur par lequel partent vos factures, devis et invitations.',
    link: '/entreprise?onglet=smtp', done: smtpConfigured,
  },
];
