/**
 * A run of a template's rule: one invoice per target customer, from the template's content or,
 * with `useLastInvoiceAsTemplate`, from the customer's last invoice of this template (commerce README
 * « Rules », Prepare from existing); INVOICE_MONTH / INVOICE_YEAR replaced at the
 * occurrence's date (Paris); a draft, or emitted at once (number, hash) when `saveAsDraft` is false;
 * `invoicing.invoice.generated` announced after the commit; the run written in the history.
 * Everything happens in the caller's transaction: an error anywhere makes no invoice at all.
 */
import { badRequest, type CallContext } from '@comptoir/sdk';
import { prepareInvoiceFromExisting, replaceInvoiceMentions } from '@comptoir/sdk/commerce';
import { latestOccurrence } from '@comptoir/sdk/schedule';
import type {
  CronRule, Invoice, InvoiceDraftInput, InvoiceTemplate, InvoiceTemplateRun,
} from '../../../schemas/index.ts';
import type { LineItem } from '@comptoir/schemas';
import { InvoiceTemplateRuns, InvoiceTemplates, Invoices } from '../../entities.ts';
import { INVOICE_GENERATED } from '../../events.ts';
import { draftsService } from '../documents/drafts.ts';
import { emissionService, withMentions } from '../emission/emission.ts';
import { customers } from '../deps.ts';
import { TargetResolver } from './recurring-targets.ts';
import { saleParties, withoutAutomaticCategories } from '../documents/vat-categories.ts';
import { SKIPPED_ARCHIVED, SKIPPED_DELETED, notAnOccurrence, unknownRule } from './templates-messages.ts';

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
      // its categories chosen by hand carry over; the automatic ones are the customer's again
      const items = withoutAutomaticCategories(copy.items, last.subjectToVAT, saleParties(last.sender, last.receiver));
      return pickContent(copy, restoreTemplateLabels(items, trace));
    }
  }
  return pickContent(template, template.items);
}

export interface Generated { invoices: string[]; skipped: InvoiceTemplateRun['skipped'] }

/** The invoices of one occurrence of `rule`, in the caller's transaction. */
export async function generateInvoices(ctx: CallContext, template: InvoiceTemplate, rule: CronRule, occurrence: Date): Promise<Generated> {
  const targets = await new TargetResolver(ctx).targets(template, rule);
  const found = new Map((await customers(ctx).findByIds(targets)).map((c) => [c._id, c]));
  const out: Generated = { invoices: [], skipped: [] };
  for (const customerId of targets) {
    const customer = found.get(customerId);
    if (!customer) {
      out.skipped.push({ customer: customerId, reason: SKIPPED_DELETED });
      continue;
    }
    // archived: the business no longer deals with them; the template still lists them (group
    // members archived are already left out of their groups), the history says why no invoice
    if (customer.archived) {
      out.skipped.push({ customer: customerId, reason: SKIPPED_ARCHIVED });
      continue;
    }
    const content = await contentFor(ctx, template, customerId);
    const labels: RecurringTrace['labels'] = {};
    for (const line of content.items) {
      labels[line.uuid] = line.labelSecondary === undefined ? { labelPrimary: line.labelPrimary } : { labelPrimary: line.labelPrimary, labelSecondary: line.labelSecondary };
    }
    const trace: RecurringTrace = { identifier: rule.identifier, occurrence: occurrence.toISOString(), labels };
    const input: InvoiceDraftInput = {
      ...content,
      items: withMentions(content.items, occurrence.toISOString()),
      fk: { receiverCustomer: customerId, invoiceTemplateId: template._id },
      extradata: { recurring: trace },
    };
    // Emitted at once: created and emitted in one step (emit-new.ts), which takes no lock before the
    // counter — its customer and articles are read FOR SHARE (declared references), then changed
    // (balance, sales count), only under it. Counter → customer and articles, as every emission.
    const invoice = template.saveAsDraft ? await draftsService(ctx).create(input) : await emissionService(ctx).createAndEmit(input);
    out.invoices.push(invoice._id);
    ctx.emit(INVOICE_GENERATED, { _id: invoice._id, templateId: template._id, autoSendByEmail: template.autoSendByEmail });
  }
  return out;
}

/** The history row of (template, rule, occurrence), if any. */
const runOf = (ctx: CallContext, templateId: string, identifier: string, occurrence: Date) =>
  ctx.repo(InvoiceTemplateRuns).findOne({ 'fk.template': templateId, identifier, occurrence: occurrence.toISOString() }) as Promise<InvoiceTemplateRun | null>;

/**
 * Creates or replaces the history row of an occurrence. A row already `done` is kept as it is: a
 * catch-up's « missed » or a scheduler's failure never hides invoices a run made for it.
 */
export async function writeRun(
  ctx: CallContext, template: Pick<InvoiceTemplate, '_id' | 'name'>, identifier: string, occurrence: Date,
  fields: Partial<InvoiceTemplateRun> & Pick<InvoiceTemplateRun, 'status'>,
): Promise<InvoiceTemplateRun> {
  const existing = await runOf(ctx, template._id, identifier, occurrence);
  if (existing?.status === 'done' && fields.status !== 'done') return existing;
  if (existing) return ctx.repo(InvoiceTemplateRuns).update(existing._id, fields) as Promise<InvoiceTemplateRun>;
  return ctx.repo(InvoiceTemplateRuns).create({
    identifier, templateName: template.name, occurrence: occurrence.toISOString(), ...fields,
    fk: { template: template._id, ...(fields.fk ?? {}) },
  }) as Promise<InvoiceTemplateRun>;
}

/** The template read locked: every run of one template, manual or scheduled, on any process, goes one at a time. */
export const lockedTemplate = (ctx: CallContext, templateId: string) =>
  ctx.repo(InvoiceTemplates).getForUpdate(templateId) as Promise<InvoiceTemplate>;

export interface RuleRun { run: InvoiceTemplateRun; fresh: boolean }

/**
 * One rule's occurrence (scheduled or by hand): invoices, then its history row — unless that
 * occurrence is already `done` (by the scheduler, or by an earlier « Lancer maintenant »): then
 * nothing is made and that run is the answer (`fresh: false`). The caller holds the template's
 * lock (`lockedTemplate`), so the history it reads is the last committed one.
 */
export async function runRule(
  ctx: CallContext, template: InvoiceTemplate, rule: CronRule, occurrence: Date, options: { manual: boolean; attempts?: number },
): Promise<RuleRun> {
  const existing = await runOf(ctx, template._id, rule.identifier, occurrence);
  if (existing?.status === 'done') return { run: existing, fresh: false };
  const made = await generateInvoices(ctx, template, rule, occurrence);
  const run = await writeRun(ctx, template, rule.identifier, occurrence, {
    status: 'done', manual: options.manual, attempts: options.attempts ?? (existing?.attempts ?? 0) + 1, invoiceCount: made.invoices.length,
    skipped: made.skipped, lastError: undefined, fk: { template: template._id, invoices: made.invoices } as InvoiceTemplateRun['fk'],
  });
  return { run, fresh: true };
}

/**
 * The occurrence a manual run stands for: the one named (a missed or failed occurrence of the
 * history, which must be an occurrence of the rule, not in the future), else the rule's latest
 * occurrence at or before now — « Lancer maintenant » makes the current period's invoices, once.
 */
export function manualOccurrence(rule: CronRule, now: Date, named?: string): Date {
  if (named === undefined) return latestOccurrence(rule.cron, now) ?? now;
  const at = new Date(named);
  const valid = !Number.isNaN(at.getTime()) && at.getTime() <= now.getTime() && latestOccurrence(rule.cron, at)?.getTime() === at.getTime();
  if (!valid) throw badRequest(notAnOccurrence(named, rule.identifier), [{ field: 'occurrence', message: 'occurrence passée de la règle attendue' }]);
  return at;
}

export function recurringService(ctx: CallContext) {
  return {
    /**
     * « Lancer maintenant »: any rule, manual or not, for its current occurrence (or the one named).
     * Idempotent per template, rule and occurrence: pressed twice, or on two processes, the second
     * press answers the first run (`fresh: false`) and makes no invoice.
     */
    async runNow(templateId: string, identifier: string, occurrence?: string): Promise<RuleRun> {
      const template = await lockedTemplate(ctx, templateId);
      const rule = template.cronRules.find((r) => r.identifier === identifier);
      if (!rule) throw badRequest(unknownRule(identifier), [{ field: 'identifier', message: 'règle inconnue' }]);
      return runRule(ctx, template, rule, manualOccurrence(rule, ctx.now, occurrence), { manual: true });
    },
  };
}

export type RecurringService = ReturnType<typeof recurringService>;
