/**
 * The customers and providers services (same fields, same rules, contacts README « Entities »). `customers` is
 * exported: plugins that depend on « Contacts » resolve `contacts.customers`.
 */
import { isHttpError, phoneVariants, type CallContext, type ListParams, type ListResult, type Repository } from '@comptoir/sdk';
import { money, toDecimal } from '@comptoir/sdk/commerce';
import type { Customer, Provider } from '../../../schemas/index.ts';
import { Customers, Providers } from '../../entities.ts';
import { assertIdentified, newDirectAccessKey } from './identity.ts';
import { contactLinks } from '../links/contact-links.ts';
import { groupLinks } from '../links/group-links.ts';

type Party = Customer | Provider;
type Body = Record<string, unknown>;

function partyService<T extends Party>(ctx: CallContext, kind: 'customer' | 'provider') {
  // one schema minus `origin`: the provider repository answers the same shape
  const repo = (): Repository<T> => (kind === 'customer' ? ctx.repo(Customers) : ctx.repo(Providers)) as Repository<T>;
  return {
    /** one of the active company's (404 « Client introuvable. » otherwise) */
    get: (id: string): Promise<T> => repo().get(id),

    /** those of the given ids that exist in the active company, in the order asked, once each */
    async findByIds(ids: string[]): Promise<T[]> {
      const found = new Map((await repo().findByIds(ids)).map((p) => [p._id, p]));
      return [...new Set(ids)].flatMap((id) => (found.has(id) ? [found.get(id)!] : []));
    },

    /**
     * Those holding one of the given groups in `fk.groups` (pass a group and its subgroups from
     * `kernel.groups.descendants`), ordered by id, archived ones left out (a recurring invoice
     * for a group no longer reaches them). `fk.groups` is a JSON list: read in full, as
     * `groupLinks.forget` does (a small company's customers).
     */
    async inGroups(groupIds: string[]): Promise<T[]> {
      if (groupIds.length === 0) return [];
      const wanted = new Set(groupIds);
      return (await repo().findMany({ archived: false })).filter((p) => (p.fk as { groups?: string[] }).groups?.some((g) => wanted.has(g)));
    },
    /**
     * Those (not archived) whose home, mobile or fax number is that line, however either is written
     * (`phoneVariants` of the SDK): the telephony plugin recognises a caller. Three look-ups by
     * equality on the usual writings, by id.
     */
    async findByPhone(number: string): Promise<T[]> {
      const variants = phoneVariants(number);
      if (variants.length === 0) return [];
      const found = new Map<string, T>();
      for (const field of ['telMobile', 'telHome', 'telFax']) {
        for (const p of await repo().findMany({ [field]: variants, archived: false })) found.set(p._id, p);
      }
      return [...found.values()].sort((a, b) => (a._id < b._id ? -1 : 1));
    },

    /** a page of the active company's, with the list parameters of http README « Lists » (a provider looked up by VAT number or name) */
    list: (params: ListParams): Promise<ListResult<T>> => repo().list(params),

    async create(body: Body): Promise<T> {
      assertIdentified(body);
      await groupLinks(ctx).check(kind, body);
      return repo().create({ ...body, directAccessKey: newDirectAccessKey() });
    },

    async update(id: string, changes: Body): Promise<T> {
      const merged = { ...(await repo().get(id)), ...changes } as Body;
      assertIdentified(merged);
      await groupLinks(ctx).check(kind, changes);
      return repo().update(id, changes);
    },

    /**
     * Adds `delta` euros to the balance (what the customer owes: invoicing adds an emitted invoice's
     * total and subtracts each payment), exactly, in the caller's transaction. A party deleted
     * since the document was made is skipped.
     */
    async adjustBalance(id: string, delta: number): Promise<void> {
      if (delta === 0) return;
      // locked: two documents of one customer recorded at once must not both add to the same old
      // balance; one locked read, which the update then uses rather than reading the row again
      const party = await repo().getRawForUpdate(id).catch((e: unknown) => {
        if (isHttpError(e) && e.status === 404) return null;
        throw e;
      });
      if (!party) return;
      const balance = money(toDecimal((party as Customer).balance ?? 0)!.plus(delta));
      await repo().update(id, { balance } as Body, { existing: party });
    },

    /** the contacts that referred to it forget it, in the same transaction */
    async remove(id: string): Promise<void> {
      await repo().get(id);
      await contactLinks(ctx).forget(kind, id);
      await repo().remove(id);
    },
  };
}

export const customersService = (ctx: CallContext) => partyService<Customer>(ctx, 'customer');
export const providersService = (ctx: CallContext) => partyService<Provider>(ctx, 'provider');

export type CustomersService = ReturnType<typeof customersService>;
export type ProvidersService = ReturnType<typeof providersService>;
