/**
 * Invoice templates (recurring invoices): what a person writes becomes a template with checked
 * cron rules (readable, at most hourly, identifiers unique), checked customers and groups, and the
 * totals of one invoice. The rules' `since` is the server's (see `rulesFrom`).
 */
import { badRequest, type CallContext } from '@comptoir/sdk';
import { cronProblem, smallestGap } from '@comptoir/sdk/schedule';
import type { Company } from '@comptoir/schemas';
import type {
  CronRule, CronRuleInput, InvoiceTemplate, InvoiceTemplateCreateInput, InvoiceTemplateUpdateInput,
} from '../../../schemas/index.ts';
import { InvoiceTemplates } from '../../entities.ts';
import { computeSaleLines, settingsOf } from '../documents/compute.ts';
import { saleParties } from '../documents/vat-categories.ts';
import { assertTotalSign } from '../documents/totals.ts';
import { companies, customers, groups, referenced } from '../deps.ts';
import {
  CUSTOMER_GROUPS, MIN_RULE_GAP_MS, blankName, duplicateIdentifier, notCustomerGroup, ruleProblem, ruleTooFrequent,
  UNKNOWN_GROUP, UNKNOWN_TEMPLATE_CUSTOMER,
} from './templates-messages.ts';

/**
 * The rules as stored. `since` (no occurrence at or before it runs) is set for a new rule, for a
 * rule whose cron changed, and for a rule that stops being manual; otherwise it is kept, so that an
 * edit of the name or the lines never makes the scheduler forget or repeat an occurrence.
 */
export function rulesFrom(input: CronRuleInput[], existing: CronRule[], now: Date): CronRule[] {
  const given = new Set(input.map((r) => r.identifier?.trim()).filter(Boolean));
  const out: CronRule[] = [];
  input.forEach((r, i) => {
    const field = `cronRules.${i}`;
    const cron = r.cron.trim();
    const problem = cronProblem(cron);
    if (problem) throw badRequest(ruleProblem(i, problem), [{ field: `${field}.cron`, message: problem }]);
    const gap = smallestGap(cron, now);
    if (gap !== null && gap < MIN_RULE_GAP_MS) throw badRequest(ruleTooFrequent(i, cron), [{ field: `${field}.cron`, message: 'trop fréquent' }]);
    let identifier = r.identifier?.trim();
    if (!identifier) {
      let n = i + 1;
      while (given.has(`regle-${n}`)) n++;
      identifier = `regle-${n}`;
      given.add(identifier);
    }
    if (out.some((o) => o.identifier === identifier)) {
      throw badRequest(duplicateIdentifier(identifier), [{ field: `${field}.identifier`, message: 'déjà utilisé' }]);
    }
    const manualOnly = r.manualOnly ?? false;
    const before = existing.find((e) => e.identifier === identifier);
    const keep = before && before.cron === cron && !(before.manualOnly && !manualOnly);
    out.push({
      cron, identifier, manualOnly,
      overrideCustomerGroups: r.overrideCustomerGroups ?? false,
      overrideCustomers: r.overrideCustomers ?? false,
      customers: [...new Set(r.customers ?? [])],
      customerGroups: [...new Set(r.customerGroups ?? [])],
      since: (keep && before.since) || now.toISOString(),
    });
  });
  return out;
}

/** 400 naming `<field>.<index>` for a customer that is not one of the company's. */
async function checkCustomers(ctx: CallContext, ids: string[], field: string): Promise<void> {
  if (ids.length === 0) return;
  const found = new Set((await customers(ctx).findByIds(ids)).map((c) => c._id));
  ids.forEach((id, i) => {
    if (!found.has(id)) throw badRequest(UNKNOWN_TEMPLATE_CUSTOMER, [{ field: `${field}.${i}`, message: 'introuvable' }]);
  });
}

/** 400 naming `<field>.<index>` for an id that is not a group of the company's customers. */
async function checkGroups(ctx: CallContext, ids: string[], field: string): Promise<void> {
  for (const [i, id] of ids.entries()) {
    const group = await referenced(`${field}.${i}`, UNKNOWN_GROUP, () => groups(ctx).get(id));
    if (group.pluginIdentifier !== CUSTOMER_GROUPS) throw badRequest(notCustomerGroup(group.name), [{ field: `${field}.${i}`, message: 'pas un groupe de clients' }]);
  }
}

type Input = InvoiceTemplateCreateInput | InvoiceTemplateUpdateInput;

/** The stored fields a body gives, checked; the totals are recomputed from the resulting lines. */
export async function templateChanges(ctx: CallContext, input: Input, existing: InvoiceTemplate | null, company: Company) {
  const changes: Record<string, unknown> = { ...input };
  if (input.name !== undefined) {
    if (!input.name.trim()) throw badRequest(blankName(), [{ field: 'name', message: 'obligatoire' }]);
    changes.name = input.name.trim();
  }
  // the customers are many: the totals shown are those of a French professional, each invoice's are its own
  const computed = computeSaleLines(input.items ?? existing?.items ?? [], settingsOf(company, input, existing ?? undefined), saleParties(company, null));
  // its invoices could never be saved (issue 11: an invoice's total is never negative)
  assertTotalSign(computed, 'save');
  Object.assign(changes, {
    items: computed.items, exclTaxesPrice: computed.exclTaxesPrice, inclTaxesPrice: computed.inclTaxesPrice,
    vatAmount: computed.vatAmount, vatDetails: computed.vatDetails,
  });
  if (input.fk) {
    const fk = { customers: [...new Set(input.fk.customers ?? existing?.fk.customers ?? [])], customerGroups: [...new Set(input.fk.customerGroups ?? existing?.fk.customerGroups ?? [])] };
    if (input.fk.customers) await checkCustomers(ctx, fk.customers, 'fk.customers');
    if (input.fk.customerGroups) await checkGroups(ctx, fk.customerGroups, 'fk.customerGroups');
    changes.fk = fk;
  }
  if (input.cronRules) {
    const rules = rulesFrom(input.cronRules, existing?.cronRules ?? [], ctx.now);
    for (const [i, r] of rules.entries()) {
      await checkCustomers(ctx, r.customers, `cronRules.${i}.customers`);
      await checkGroups(ctx, r.customerGroups, `cronRules.${i}.customerGroups`);
    }
    changes.cronRules = rules;
  }
  return changes;
}

export function templatesService(ctx: CallContext) {
  const repo = () => ctx.repo(InvoiceTemplates);
  return {
    async create(input: InvoiceTemplateCreateInput): Promise<InvoiceTemplate> {
      const company = await companies(ctx).current();
      return repo().create(await templateChanges(ctx, input, null, company)) as Promise<InvoiceTemplate>;
    },
    async update(id: string, input: InvoiceTemplateUpdateInput): Promise<InvoiceTemplate> {
      const existing = await repo().get(id) as InvoiceTemplate;
      const company = await companies(ctx).current();
      return repo().update(id, await templateChanges(ctx, input, existing, company)) as Promise<InvoiceTemplate>;
    },
    /** the invoices it made keep `fk.invoiceTemplateId`, and its run history stays */
    async remove(id: string): Promise<void> {
      await repo().get(id);
      await repo().remove(id);
    },
  };
}

export type TemplatesService = ReturnType<typeof templatesService>;
