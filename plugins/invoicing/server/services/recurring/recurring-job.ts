/**
 * The « recurring-invoices » job of the kernel's scheduler: one schedule per rule that is not
 * manual-only, across companies; each occurrence runs once (whatever the number of kernel
 * processes), in one transaction for the template's company.
 *
 * Catch-up (`latest`): when no process ran at a rule's time (a restart, an outage), the most recent
 * missed occurrence runs as soon as a process is back — the customer gets the invoice late, not
 * never — and older ones of the same rule are written in the history as « Manquée » without making
 * invoices: a daily rule over a week's closure must not send a customer seven invoices at once; the
 * owner decides from the history (« Lancer maintenant »).
 */
import type { CallContext, JobDefinition, JobRun, JobSchedule } from '@comptoir/sdk';
import type { InvoiceTemplate } from '../../../schemas/index.ts';
import { InvoiceTemplates } from '../../entities.ts';
import { lockedTemplate, runRule, writeRun } from './recurring.ts';

interface ScheduleData { templateId: string; identifier: string; cron: string }

export const scheduleKey = (templateId: string, identifier: string) => `${templateId}:${identifier}`;

async function schedules(ctx: CallContext): Promise<JobSchedule[]> {
  const templates = await ctx.unscoped(InvoiceTemplates).findMany({}) as InvoiceTemplate[];
  return templates.flatMap((t) => t.cronRules.filter((r) => !r.manualOnly).map((r) => ({
    key: scheduleKey(t._id, r.identifier),
    cron: r.cron,
    companyId: t.fk.company,
    since: r.since ?? t.metadata.creationDate,
    data: { templateId: t._id, identifier: r.identifier, cron: r.cron } satisfies ScheduleData,
  })));
}

/**
 * The template (locked: runs of one template go one at a time, « Lancer maintenant » included) and
 * rule as they are now; null when changed since the schedules were read.
 */
async function current(ctx: CallContext, data: ScheduleData) {
  const template = await ctx.repo(InvoiceTemplates).find(data.templateId) ? await lockedTemplate(ctx, data.templateId) : null;
  const rule = template?.cronRules.find((r) => r.identifier === data.identifier);
  if (!template || !rule || rule.manualOnly || rule.cron !== data.cron) return null;
  return { template, rule };
}

async function run(ctx: CallContext, job: JobRun): Promise<void> {
  const found = await current(ctx, job.data as ScheduleData);
  if (!found) return;
  for (const occurrence of job.missed) {
    await writeRun(ctx, found.template, found.rule.identifier, occurrence, { status: 'missed', manual: false });
  }
  await runRule(ctx, found.template, found.rule, job.occurrence, { manual: false, attempts: job.attempt });
}

async function failed(ctx: CallContext, job: JobRun, error: Error): Promise<void> {
  const found = await current(ctx, job.data as ScheduleData);
  if (!found) return;
  await writeRun(ctx, found.template, found.rule.identifier, job.occurrence, {
    status: 'failed', manual: false, attempts: job.attempt, lastError: error.message.slice(0, 2000),
  });
}

export const recurringInvoicesJob: JobDefinition = {
  name: 'recurring-invoices',
  schedules,
  catchUp: 'latest',
  run,
  failed,
};
