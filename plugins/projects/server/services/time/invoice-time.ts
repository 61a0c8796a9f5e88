/**
 * Working time → invoice lines for a customer (README « Invoicing »), through « Facturation »'s
 * drafts service: a new draft addressed to the customer, or lines added to a chosen draft of that
 * customer. Each period is read locked, in id order (two requests naming the same periods queue
 * on the first, never cross), refused if it runs or is already invoiced, then marked with the
 * invoice — in the same transaction as the invoice's lines, so a period is invoiced once, whole.
 */
import { badRequest, conflict, type CallContext } from '@comptoir/sdk';
import type { InvoiceTimeInput, Project, ProjectItem, ProjectWorkingTime } from '../../../schemas/index.ts';
import { Items, Projects, WorkingTimes } from '../../entities.ts';
import { TIME_INVOICED } from '../../events.ts';
import { ALREADY_INVOICED, NO_RATE, RUNNING_NOT_INVOICEABLE } from '../../messages.ts';
import { invoiceDrafts } from '../deps.ts';
import { timeLines, type TimeToInvoice } from './durations.ts';

export function invoiceTimeService(ctx: CallContext) {
  return {
    async invoice(input: InvoiceTimeInput): Promise<{ invoice: { _id: string; items: unknown[] }; workingTimes: string[] }> {
      const ids = [...new Set(input.workingTimes)].sort();
      const times: ProjectWorkingTime[] = [];
      for (const id of ids) {
        const time = await ctx.repo(WorkingTimes).getForUpdate(id) as ProjectWorkingTime;
        const field = `workingTimes.${input.workingTimes.indexOf(id)}`;
        if (time.fk.invoice) throw conflict(ALREADY_INVOICED, [{ field, message: 'déjà facturé' }]);
        if (!time.end) throw conflict(RUNNING_NOT_INVOICEABLE, [{ field, message: 'en cours' }]);
        times.push(time);
      }
      const projects = new Map((await ctx.repo(Projects).findByIds([...new Set(times.map((t) => t.fk.project))]) as Project[]).map((p) => [p._id, p]));
      const items = new Map((await ctx.repo(Items).findByIds([...new Set(times.flatMap((t) => (t.fk.item ? [t.fk.item] : [])))]) as ProjectItem[]).map((i) => [i._id, i]));
      const toInvoice: TimeToInvoice[] = times.map((t) => {
        const project = projects.get(t.fk.project)!;
        const rate = input.hourlyRate ?? project.hourlyRate;
        if (rate === undefined || rate === null) throw badRequest(NO_RATE, [{ field: 'hourlyRate', message: `projet « ${project.name} »` }]);
        const item = t.fk.item ? items.get(t.fk.item) : undefined;
        return { minutes: t.minutes, label: item ? `${project.name} — ${item.name}` : project.name, hourlyRate: rate, vat: project.vatRate };
      });
      const lines = timeLines(toInvoice);
      const invoice = input.invoice
        ? await invoiceDrafts(ctx).appendLines(input.invoice, input.customer, lines)
        : await invoiceDrafts(ctx).create({ items: lines, fk: { receiverCustomer: input.customer } });
      for (const t of times) await ctx.repo(WorkingTimes).update(t._id, { fk: { ...t.fk, invoice: invoice._id } });
      ctx.emit(TIME_INVOICED, { invoice: invoice._id, workingTimes: ids });
      return { invoice: { _id: invoice._id, items: invoice.items }, workingTimes: ids };
    },
  };
}

export type InvoiceTimeService = ReturnType<typeof invoiceTimeService>;
