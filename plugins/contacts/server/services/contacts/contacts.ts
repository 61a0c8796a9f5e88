/**
 * The contacts service. Exported as `contacts.contacts` for `receiversOf` (invoicing asks who
 * receives a customer's invoices and quotations); the routes use the rest.
 */
import { samePhone, type CallContext } from '@comptoir/sdk';
import { contactDisplayName, type Contact } from '../../../schemas/index.ts';
import { Contacts } from '../../entities.ts';
import { contactLinks } from '../links/contact-links.ts';
import { groupLinks } from '../links/group-links.ts';

type Names = Parameters<typeof contactDisplayName>[0];
type Body = Record<string, unknown> & Names & { customers?: Contact['customers']; fk?: { providers?: string[]; groups?: string[] } };

export function contactsService(ctx: CallContext) {
  const repo = () => ctx.repo(Contacts);
  const links = contactLinks(ctx);
  return {
    get: (id: string): Promise<Contact> => repo().get(id),

    async create(body: Body): Promise<Contact> {
      await links.check(body);
      await groupLinks(ctx).check('contact', body);
      return repo().create(body);
    },

    async update(id: string, changes: Body): Promise<Contact> {
      await repo().get(id);
      if (changes.customers || changes.fk?.providers) await links.check({ customers: changes.customers, fk: { providers: changes.fk?.providers } });
      await groupLinks(ctx).check('contact', changes);
      return repo().update(id, changes);
    },

    async remove(id: string): Promise<void> {
      await repo().remove(id);
    },

    /**
     * The contacts whose `customers[]` entry for that customer is flagged `invoicesReceiver`
     * (kind 'invoices') or `quotationsReceiver` (kind 'quotations'), by display name.
     */
    receiversOf: (customerId: string, kind: 'invoices' | 'quotations'): Promise<Contact[]> => links.receiversOf(customerId, kind),

    /**
     * The contacts (not archived) one of whose phone numbers is that line, however written: the
     * telephony plugin recognises a caller. Phones are a JSON list: read in full, as `receiversOf`
     * does (a small company's contacts).
     */
    async findByPhone(number: string): Promise<Contact[]> {
      return (await repo().findMany({ archived: false })).filter((c) => c.phoneNumbers.some((p) => samePhone(p.value, number)));
    },
  };
}

export type ContactsService = ReturnType<typeof contactsService>;
