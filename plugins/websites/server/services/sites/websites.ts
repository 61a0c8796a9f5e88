/**
 * Websites (README « Websites », « Domains »): the domain is normalised and unique across all
 * companies (checked first, and by the unique index under it: two companies asking for the same
 * domain at once get one site and one 409); the template must be offered to the company (public,
 * or listed in its `fk.companies`); the variant must be of that template.
 */
import { conflict, badRequest, type CallContext } from '@comptoir/sdk';
import type { Template, TemplateVariant, Website, WebsiteInput } from '../../../schemas/index.ts';
import { Templates, Variants, Websites } from '../../entities.ts';
import { DOMAIN_TAKEN, TEMPLATE_NOT_ALLOWED, VARIANT_OTHER_TEMPLATE } from '../../messages.ts';
import { isUniqueViolation } from '../common/unique.ts';
import { checkedDomain } from './domains.ts';

export function templateOffered(t: Pick<Template, 'public' | 'fk'>, companyId: string): boolean {
  return t.public || t.fk.companies.includes(companyId);
}

export function websitesService(ctx: CallContext) {
  const repo = ctx.repo(Websites);

  async function checkRefs(next: { fk?: Website['fk'] | WebsiteInput['fk'] }) {
    const templateId = next.fk?.template;
    const template = templateId ? ((await ctx.unscoped(Templates).find(templateId)) as Template | null) : null;
    if (templateId && (!template || !templateOffered(template, ctx.caller.companyId!))) {
      throw badRequest(TEMPLATE_NOT_ALLOWED, [{ field: 'fk.template', message: TEMPLATE_NOT_ALLOWED }]);
    }
    if (next.fk?.variant) {
      const variant = (await ctx.repo(Variants).find(next.fk.variant)) as TemplateVariant | null;
      const identifier = template?.identifier ?? 'classique';
      if (variant && variant.templateIdentifier !== identifier) throw badRequest(VARIANT_OTHER_TEMPLATE, [{ field: 'fk.variant', message: VARIANT_OTHER_TEMPLATE }]);
    }
  }

  async function domainFree(normalizedDomain: string, except?: string) {
    const other = await ctx.unscoped(Websites).findOne({ normalizedDomain });
    if (other && other._id !== except) throw conflict(DOMAIN_TAKEN(normalizedDomain), [{ field: 'domain', message: DOMAIN_TAKEN(normalizedDomain) }]);
  }

  const guarded = async <T>(domain: string, write: () => Promise<T>) => {
    try {
      return await write();
    } catch (e) {
      if (isUniqueViolation(e)) throw conflict(DOMAIN_TAKEN(domain), [{ field: 'domain', message: DOMAIN_TAKEN(domain) }]);
      throw e;
    }
  };

  return {
    async create(input: WebsiteInput): Promise<Website> {
      const normalizedDomain = checkedDomain(input.domain ?? '');
      await checkRefs(input);
      await domainFree(normalizedDomain);
      return guarded(normalizedDomain, () => repo.create({ name: input.domain, ...input }) as Promise<Website>);
    },
    async update(id: string, input: WebsiteInput): Promise<Website> {
      const existing = (await repo.getForUpdate(id)) as Website;
      const changes: Record<string, unknown> = { ...input };
      if (input.fk) changes.fk = { ...existing.fk, ...input.fk };
      let domain = existing.normalizedDomain;
      if (input.domain !== undefined) {
        domain = checkedDomain(input.domain);
        if (domain !== existing.normalizedDomain) await domainFree(domain, id);
      }
      await checkRefs({ fk: { ...existing.fk, ...(input.fk ?? {}) } });
      return guarded(domain, () => repo.update(id, changes, { existing }) as Promise<Website>);
    },
  };
}
export type WebsitesService = ReturnType<typeof websitesService>;
