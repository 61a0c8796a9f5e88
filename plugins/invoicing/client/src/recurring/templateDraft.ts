/**
 * The editable part of an invoice template as the editor holds it, and the body it sends. Lines
 * reuse the invoice editor's drafts; rules carry their cron form. `since` is the server's: never sent.
 */
import { emptyLine, lineFromStored, toLineInput, type LineDraft } from '@comptoir/sdk/ui';
import { filledLines } from '../common/documentDraft.ts';
import { cronFromForm, DEFAULT_FORM, formFromCron, type CronForm } from './cronText.ts';
import type { InvoiceTemplate } from './api.ts';

export interface RuleDraft {
  key: string;
  identifier: string;
  form: CronForm;
  manualOnly: boolean;
  overrideCustomers: boolean;
  customers: string[];
  overrideCustomerGroups: boolean;
  customerGroups: string[];
}

export interface TemplateDraft {
  name: string;
  saveAsDraft: boolean;
  autoSendByEmail: boolean;
  useLastInvoiceAsTemplate: boolean;
  lines: LineDraft[];
  customers: string[];
  customerGroups: string[];
  rules: RuleDraft[];
  comment: string;
  freeData: string;
}

let keys = 0;
const key = () => `r${++keys}`;

export function newRule(index: number): RuleDraft {
  return {
    key: key(), identifier: index === 0 ? 'mensuel' : `regle-${index + 1}`, form: { ...DEFAULT_FORM }, manualOnly: false,
    overrideCustomers: false, customers: [], overrideCustomerGroups: false, customerGroups: [],
  };
}

export function newTemplateDraft(): TemplateDraft {
  return {
    name: '', saveAsDraft: true, autoSendByEmail: false, useLastInvoiceAsTemplate: false,
    lines: [{ ...emptyLine(), labelPrimary: 'Abonnement INVOICE_MONTH INVOICE_YEAR' }],
    customers: [], customerGroups: [], rules: [newRule(0)], comment: '', freeData: '',
  };
}

export function draftFromTemplate(t: InvoiceTemplate): TemplateDraft {
  return {
    name: t.name, saveAsDraft: t.saveAsDraft, autoSendByEmail: t.autoSendByEmail, useLastInvoiceAsTemplate: t.useLastInvoiceAsTemplate,
    lines: t.items.map(lineFromStored), customers: t.fk.customers, customerGroups: t.fk.customerGroups,
    rules: t.cronRules.map((r) => ({
      key: key(), identifier: r.identifier, form: formFromCron(r.cron), manualOnly: r.manualOnly,
      overrideCustomers: r.overrideCustomers, customers: r.customers, overrideCustomerGroups: r.overrideCustomerGroups, customerGroups: r.customerGroups,
    })),
    comment: t.comment ?? '', freeData: t.freeData ?? '',
  };
}

export function templateBody(d: TemplateDraft): Record<string, unknown> {
  return {
    name: d.name.trim(), saveAsDraft: d.saveAsDraft, autoSendByEmail: d.autoSendByEmail, useLastInvoiceAsTemplate: d.useLastInvoiceAsTemplate,
    items: filledLines(d.lines).map(toLineInput),
    comment: d.comment, freeData: d.freeData,
    fk: { customers: d.customers, customerGroups: d.customerGroups },
    cronRules: d.rules.map((r) => ({
      cron: cronFromForm(r.form), identifier: r.identifier.trim() || undefined, manualOnly: r.manualOnly,
      overrideCustomers: r.overrideCustomers, customers: r.overrideCustomers ? r.customers : [],
      overrideCustomerGroups: r.overrideCustomerGroups, customerGroups: r.overrideCustomerGroups ? r.customerGroups : [],
    })),
  };
}

/** What is missing before saving, in French; null when nothing. */
export function templateProblem(d: TemplateDraft): string | null {
  if (!d.name.trim()) return 'Donnez un nom au modèle.';
  if (filledLines(d.lines).length === 0 && !d.useLastInvoiceAsTemplate) return 'Ajoutez au moins une ligne.';
  return null;
}
