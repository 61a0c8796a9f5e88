/**
 * The references a contact holds to customers (`customers[].customerId`) and providers
 * (`fk.providers`): checked when a contact is written, forgotten when the customer or provider is
 * deleted. Contacts keep them in JSON columns, so the look-ups read the company's contacts.
 */
import { badRequest, type CallContext, type ErrorDetail } from '@comptoir/sdk';
import type { Contact, ContactCustomerLink } from '../../../schemas/index.ts';
import { Contacts, Customers, Providers } from '../../entities.ts';

/** Pure: a customer listed twice on one contact is a mistake of the form. */
export function duplicateCustomerLinks(links: Pick<ContactCustomerLink, 'customerId'>[]): string[] {
  const seen = new Set<string>();
  const twice = new Set<string>();
  for (const l of links) (seen.has(l.customerId) ? twice : seen).add(l.customerId);
  return [...twice];
}

export function contactLinks(ctx: CallContext) {
  return {
    /** 400 naming the customers and providers that are not the active company's */
    async check(contact: { customers?: ContactCustomerLink[]; fk?: { providers?: string[] } }): Promise<void> {
      const details: ErrorDetail[] = [];
      const links = contact.customers ?? [];
      for (const id of duplicateCustomerLinks(links)) {
        details.push({ field: 'customers', message: `le client ${id} est lié deux fois` });
      }
      const customerIds = [...new Set(links.map((l) => l.customerId))];
      if (customerIds.length) {
        const found = new Set((await ctx.repo(Customers).findByIds(customerIds)).map((c) => c._id));
        links.forEach((l, i) => {
          if (!found.has(l.customerId)) details.push({ field: `customers.${i}.customerId`, message: 'client introuvable' });
        });
      }
      const providerIds = contact.fk?.providers ?? [];
      if (providerIds.length) {
        const found = new Set((await ctx.repo(Providers).findByIds(providerIds)).map((p) => p._id));
        providerIds.forEach((id, i) => {
          if (!found.has(id)) details.push({ field: `fk.providers.${i}`, message: 'fournisseur introuvable' });
        });
      }
      if (details.length) {
        throw badRequest(`Contact invalide — ${details.map((d) => `« ${d.field} » : ${d.message}`).join(' ; ')}.`, details);
      }
    },

    /** Removes a deleted customer or provider from every contact of the company that refers to it. */
    async forget(kind: 'customer' | 'provider', id: string): Promise<number> {
      const repo = ctx.repo(Contacts);
      let changed = 0;
      for (const c of await repo.findMany({})) {
        if (kind === 'customer' && c.customers.some((l) => l.customerId === id)) {
          await repo.update(c._id, { customers: c.customers.filter((l) => l.customerId !== id) });
          changed++;
        }
        if (kind === 'provider' && c.fk.providers.includes(id)) {
          await repo.update(c._id, { fk: { providers: c.fk.providers.filter((p) => p !== id) } });
          changed++;
        }
      }
      return changed;
    },

    /** Contacts of the company receiving that customer's invoices or quotations. */
    async receiversOf(customerId: string, kind: 'invoices' | 'quotations'): Promise<Contact[]> {
      const flag = kind === 'invoices' ? 'invoicesReceiver' : 'quotationsReceiver';
      const all = await ctx.repo(Contacts).findMany({}, { orderBy: 'displayName' });
      return all.filter((c) => c.customers.some((l) => l.customerId === customerId && l[flag]));
    },
  };
}
