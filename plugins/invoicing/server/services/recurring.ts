/**
 * A run of a template's rule: one invoice per target customer, from the template's content or,
 * with `useLastInvoiceAsTemplate`, from the customer's last invoice of this template (spec §4
 * « preparing a new invoice from an existing one »); INVOICE_MONTH / INVOICE_YEAR replaced at the
 * occurrence's date (Paris); a draft, or emitted at once (number, hash) when `saveAsDraft` is false;
 * `invoicing.invoice.generated` announced after the commit; the run written in the history.
 * Everything happens in the caller's transaction: an error anywhere makes no invoice at all.
 */
import { badRequest, type CallContext } from '@comptoir/sdk';
import { prepareInvoiceFromExisting, replaceInvoiceMentions } from '@comptoir/sdk/commerce';
import type {
  CronRule, Invoice, InvoiceDraftInput, InvoiceTemplate, InvoiceTemplateRun, LineItem,
} from '@comptoir/schemas';
import { InvoiceTemplateRuns, InvoiceTemplates, Invoices } from '../entities.ts';
import { INVOICE_GENERATED } from '../events.ts';
import { draftsService } from './drafts.ts';
import { emissionService, withMentions } from './emission.ts';
import { customers } from './deps.ts';
import { TargetResolver } from './recurring-targets.ts';
import { SKIPPED_DELETED, unknownRule } from './templates-messages.ts';

/** Kept on each generated invoice (`extradata.recurring`): the labels as the template wrote them. */
export interface RecurringTrace {
  identifier: string;
  occurrence: string;
  /** line uuid -> labels before INVOICE_MONTH / INVOICE_YEAR were replaced */
  labels: Record<string, { labelPrimary: string; labelSecondary?: string }>;
}

type Content = Omit<InvoiceDraftInput, 'fk' | 'receiver' | 'date' | 'attachments' | 'userName' | 'extradata' | 'userProps'> & { items: LineItem[] };

const CONTENT_FIELDS = [
  'subjectToVAT', 'vatCalculationMethod', 'freeData', 'comment', 'invoiceComment', 'headerTitle', 'headerMessage', 'itemsTypeForDeclaration',
] as const;

function pickContent(source: Partial<Record<(typeof CONTENT_FIELDS)[number], unknown>>, items: LineItem[]): Content {
  const out: Record<string, unknown> = { items };
  for (const f of CONTENT_FIELDS) if (source[f] !== undefined && source[f] !== null) out[f] = source[f];
  return out as Content;
}

/**
 * The last invoice's lines, with the labels of its template put back where they were only filled
 * with that invoice's month and year (a label edited by hand since stays as edited): March's copy
 * of « Abonnement février 2026 » says « Abonnement mars 2026 ».
 */
export function restoreTemplateLabels(items: LineItem[], trace: RecurringTrace | undefined): LineItem[] {
  if (!trace?.labels || !trace.occurrence) return items;
  return items.map((line) => {
    const raw = trace.labels[line.uuid];
    if (!raw) return line;
    const out = { ...line };
    if (replaceInvoiceMentions(raw.labelPrimary, trace.occurrence) === line.labelPrimary) out.labelPrimary = raw.labelPrimary;
    if (raw.labelSecondary !== undefined && line.labelSecondary !== undefined
      && replaceInvoiceMentions(raw.labelSecondary, trace.occurrence) === line.labelSecondary) out.labelSecondary = raw.labelSecondary;
    return out;
  });
}

/** The customer's latest invoice made by this template (not a credit note), or null. */
async function lastInvoiceOf(ctx: CallContext, templateId: string, customerId: string): Promise<Invoice | null> {
  const invoices = await ctx.repo(Invoices).findMany({ 'fk.invoiceTemplateId': templateId, 'fk.receiverCustomer': customerId }) as Invoice[];
  const eligible = invoices.filter((i) => (i.inclTaxesPrice ?? 0) >= 0);
  eligible.sort((a, b) => (a.date === b.date ? a._id.localeCompare(b._id) : a.date.localeCompare(b.date)));
  return eligible.at(-1) ?? null;
}

async function contentFor(ctx: CallContext, template: InvoiceTemplate, customerId: string): Promise<Content> {
  if (template.useLastInvoiceAsTemplate) {
    const last = await lastInvoiceOf(ctx, template._id, customerId);
    if (last) {
      const trace = (last.extradata as { recurring?: RecurringTrace } | undefined)?.recurring;
      const copy = prepareInvoiceFromExisting(last, ctx.now);
      return pickContent(copy, restoreTemplateLabels(copy.items, trace));
    }
  }
  return pickContent(template, template.items);
}

export interface Generated { invoices: string[]; skipped: InvoiceTemplateRun['skipped'] }

/** The invoices of one occurrence of `rule`, in the caller's transaction. */
export async function generateInvoices(ctx: CallContext, template: InvoiceTemplate, rule: CronRule, occurrence: Date): Promise<Generated> {
  const targets = await new TargetResolver(ctx).targets(template, rule);
  const existing = new Set((await customers(ctx).findByIds(targets)).map((c) => c._id));
  const out: Generated = { invoices: [], skipped: [] };
  for (const customerId of targets) {
    if (!existing.has(customerId)) {
      out.skipped.push({ customer: customerId, reason: SKIPPED_DELETED });
      continue;
    }
    const content = await contentFor(ctx, template, customerId);
    const labels: RecurringTrace['labels'] = {};
    for (const line of content.items) {
      labels[line.uuid] = line.labelSecondary === undefined ? { labelPrimary: line.labelPrimary } : { labelPrimary: line.labelPrimary, labelSecondary: line.labelSecondary };
    }
    const trace: RecurringTrace = { identifier: rule.identifier, occurrence: occurrence.toISOString(), labels };
    let invoice = await draftsService(ctx).create({
      ...content,
      items: withMentions(content.items, occurrence.toISOString()),
      fk: { receiverCustomer: customerId, invoiceTemplateId: template._id },
      extradata: { recurring: trace },
    });
    if (!template.saveAsDraft) invoice = await emissionService(ctx).emit(invoice._id);
    out.invoices.push(invoice._id);
    ctx.emit(INVOICE_GENERATED, { _id: invoice._id, templateId: template._id, autoSendByEmail: template.autoSendByEmail });
  }
  return out;
}

/** The history row of (template, rule, occurrence), if any. */
const runOf = (ctx: CallContext, templateId: string, identifier: string, occurrence: Date) =>
  ctx.repo(InvoiceTemplateRuns).findOne({ 'fk.template': templateId, identifier, occurrence: occurrence.toISOString() }) as Promise<InvoiceTemplateRun | null>;

/** Creates or replaces the history row of an occurrence. */
export async function writeRun(
  ctx: CallContext, template: Pick<InvoiceTemplate, '_id' | 'name'>, identifier: string, occurrence: Date,
  fields: Partial<InvoiceTemplateRun> & Pick<InvoiceTemplateRun, 'status'>,
): Promise<InvoiceTemplateRun> {
  const existing = await runOf(ctx, template._id, identifier, occurrence);
  if (existing) return ctx.repo(InvoiceTemplateRuns).update(existing._id, fields) as Promise<InvoiceTemplateRun>;
  return ctx.repo(InvoiceTemplateRuns).create({
    identifier, templateName: template.name, occurrence: occurrence.toISOString(), ...fields,
    fk: { template: template._id, ...(fields.fk ?? {}) },
  }) as Promise<InvoiceTemplateRun>;
}

/** One rule's occurrence (scheduled or by hand): invoices, then its history row. */
export async function runRule(
  ctx: CallContext, template: InvoiceTemplate, rule: CronRule, occurrence: Date, options: { manual: boolean; attempts?: number },
): Promise<InvoiceTemplateRun> {
  const made = await generateInvoices(ctx, template, rule, occurrence);
  return writeRun(ctx, template, rule.identifier, occurrence, {
    status: 'done', manual: options.manual, attempts: options.attempts ?? 1, invoiceCount: made.invoices.length,
    skipped: made.skipped, fk: { template: template._id, invoices: made.invoices } as InvoiceTemplateRun['fk'],
  });
}

export function recurringService(ctx: CallContext) {
  return {
    /** « Lancer maintenant »: any rule, manual or not, at the current instant */
    async runNow(templateId: string, identifier: string): Promise<InvoiceTemplateRun> {
      const template = await ctx.repo(InvoiceTemplates).get(templateId) as InvoiceTemplate;
      const rule = template.cronRules.find((r) => r.identifier === identifier);
      if (!rule) throw badRequest(unknownRule(identifier), [{ field: 'identifier', message: 'règle inconnue' }]);
      return runRule(ctx, template, rule, ctx.now, { manual: true });
    },
  };
}

export type RecurringService = ReturnType<typeof recurringService>;
