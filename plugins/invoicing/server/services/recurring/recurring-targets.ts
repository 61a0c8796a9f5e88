/**
 * Who a template's rule invoices: the rule's own customers when `overrideCustomers`, else the
 * template's; the rule's groups when `overrideCustomerGroups`, else the template's — each group
 * with its subgroups (`kernel.groups.descendants`), its customers read from `contacts` (`fk.groups`).
 * One invoice per customer, in the order: listed customers, then group members by id.
 */
import { isHttpError, type CallContext } from '@comptoir/sdk';
import type { CronRule, InvoiceTemplate } from '../../../schemas/index.ts';
import { customers, groups } from '../deps.ts';

/** The lists a rule applies (plain data, tested without a database). */
export function ruleLists(template: Pick<InvoiceTemplate, 'fk'>, rule: CronRule): { customers: string[]; groups: string[] } {
  return {
    customers: rule.overrideCustomers ? rule.customers : template.fk.customers,
    groups: rule.overrideCustomerGroups ? rule.customerGroups : template.fk.customerGroups,
  };
}

/** Remembers group look-ups for the time of one call (upcoming runs count every rule's customers). */
export class TargetResolver {
  private readonly descendants = new Map<string, Promise<string[]>>();
  private readonly members = new Map<string, Promise<string[]>>();

  constructor(private readonly ctx: CallContext) {}

  /** a group deleted since the template was saved contributes nobody */
  private subgroups(id: string): Promise<string[]> {
    let found = this.descendants.get(id);
    if (!found) {
      found = groups(this.ctx).descendants(id).catch((e) => {
        if (isHttpError(e) && e.status === 404) return [];
        throw e;
      });
      this.descendants.set(id, found);
    }
    return found;
  }

  private async groupMembers(groupIds: string[]): Promise<string[]> {
    const all = [...new Set((await Promise.all(groupIds.map((g) => this.subgroups(g)))).flat())].sort();
    const key = all.join(',');
    let found = this.members.get(key);
    if (!found) {
      found = customers(this.ctx).inGroups(all).then((list) => list.map((c) => c._id).sort());
      this.members.set(key, found);
    }
    return found;
  }

  /** the customer ids a rule invoices, once each (existence is checked when invoicing) */
  async targets(template: Pick<InvoiceTemplate, 'fk'>, rule: CronRule): Promise<string[]> {
    const lists = ruleLists(template, rule);
    const fromGroups = lists.groups.length ? await this.groupMembers(lists.groups) : [];
    return [...new Set([...lists.customers, ...fromGroups])];
  }
}
