/**
 * The coming runs of the company's templates: every occurrence of every scheduled rule within
 * [from, to], computed with the scheduler's own cron reading (Europe/Paris), with the number of
 * invoices each would make if it ran now.
 */
import { badRequest, type CallContext } from '@comptoir/sdk';
import { occurrencesBetween } from '@comptoir/sdk/schedule';
import type { InvoiceTemplate, UpcomingRun } from '../../../schemas/index.ts';
import { InvoiceTemplates } from '../../entities.ts';
import { TargetResolver } from './recurring-targets.ts';
import { customers } from '../deps.ts';
import { invalidInstantParam, MAX_UPCOMING, MAX_UPCOMING_DAYS, upcomingSpan } from './templates-messages.ts';

const DAY_MS = 86_400_000;

function instant(name: string, value: unknown, fallback: Date): Date {
  if (value === undefined || value === '') return fallback;
  const d = typeof value === 'string' ? new Date(value) : new Date(NaN);
  if (Number.isNaN(d.getTime())) throw badRequest(invalidInstantParam(name), [{ field: name, message: 'date invalide' }]);
  return d;
}

/** `from` (default now) and `to` (default 31 days later), checked. */
export function upcomingSpanOf(query: { from?: unknown; to?: unknown }, now: Date): { from: Date; to: Date } {
  const from = instant('from', query.from, now);
  const to = instant('to', query.to, new Date(from.getTime() + 31 * DAY_MS));
  if (to.getTime() < from.getTime() || to.getTime() - from.getTime() > MAX_UPCOMING_DAYS * DAY_MS) {
    throw badRequest(upcomingSpan(), [{ field: 'to', message: 'période invalide' }]);
  }
  return { from, to };
}

export async function upcomingRuns(ctx: CallContext, from: Date, to: Date): Promise<{ data: UpcomingRun[]; truncated: boolean }> {
  const templates = await ctx.repo(InvoiceTemplates).findMany({}) as InvoiceTemplate[];
  const resolver = new TargetResolver(ctx);
  const out: UpcomingRun[] = [];
  for (const t of templates) {
    for (const rule of t.cronRules) {
      if (rule.manualOnly) continue;
      // from is included: an occurrence exactly at `from` is still to come
      const since = rule.since ? new Date(rule.since) : new Date(0);
      const start = new Date(Math.max(from.getTime() - 1, since.getTime()));
      const dates = occurrencesBetween(rule.cron, start, to, MAX_UPCOMING + 1);
      if (dates.length === 0) continue;
      // a customer deleted since the template was saved would get no invoice
      // as a run counts them: neither deleted nor archived customers get an invoice
      const customerCount = (await customers(ctx).findByIds(await resolver.targets(t, rule))).filter((c) => !c.archived).length;
      for (const d of dates) {
        out.push({
          template: t._id, templateName: t.name, identifier: rule.identifier, cron: rule.cron, occurrence: d.toISOString(),
          customerCount, saveAsDraft: t.saveAsDraft, autoSendByEmail: t.autoSendByEmail, inclTaxesPrice: t.inclTaxesPrice,
        });
      }
    }
  }
  out.sort((a, b) => a.occurrence.localeCompare(b.occurrence) || a.templateName.localeCompare(b.templateName, 'fr'));
  return { data: out.slice(0, MAX_UPCOMING), truncated: out.length > MAX_UPCOMING };
}
