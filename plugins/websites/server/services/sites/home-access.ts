/**
 * The home access of spec 001 §2 and §7: a domain → the company, the website, its template,
 * variant and default layouts. Used by `GET /api/websites/home-access?domain=` and, with the
 * request's Host, by the public pages. Reads across companies (no visitor has a company): the
 * website is found by its normalised domain, everything else by the ids the website holds, which
 * were checked to be its company's when written.
 */
import type { CallContext } from '@comptoir/sdk';
import type { HomeAccess, PageLayout, Template, TemplateVariant, Website } from '../../../schemas/index.ts';
import { Layouts, Templates, Variants, Websites } from '../../entities.ts';
import { companies } from '../deps.ts';
import { normalizeDomain } from './domains.ts';

export interface FoundWebsite {
  website: Website;
  /** the Host asked was `www.` + the site's domain: the canonical address to redirect to */
  redirectTo?: string;
}

/** The enabled website of a host (`www.` falls back to the bare domain), or null. */
export async function websiteOfHost(ctx: CallContext, host: string): Promise<FoundWebsite | null> {
  const domain = normalizeDomain(host);
  if (!domain) return null;
  const repo = ctx.unscoped(Websites);
  const exact = await repo.findOne({ normalizedDomain: domain, enabled: true });
  if (exact) return { website: exact as Website };
  if (!domain.startsWith('www.')) return null;
  const bare = await repo.findOne({ normalizedDomain: domain.slice(4), enabled: true });
  return bare ? { website: bare as Website, redirectTo: (bare as Website).normalizedDomain } : null;
}

const layoutOf = async (ctx: CallContext, id: string | undefined): Promise<PageLayout | null> =>
  (id ? ((await ctx.unscoped(Layouts).find(id)) as PageLayout | null) : null);

export async function homeAccessOf(ctx: CallContext, website: Website): Promise<HomeAccess> {
  const company = await companies(ctx).get(website.fk.company);
  const template = website.fk.template ? ((await ctx.unscoped(Templates).find(website.fk.template)) as Template | null) : null;
  const variant = website.fk.variant ? ((await ctx.unscoped(Variants).find(website.fk.variant)) as TemplateVariant | null) : null;
  return {
    company: { _id: company._id, name: company.name },
    website,
    customer: null,
    template,
    variant,
    defaultLayout: await layoutOf(ctx, website.fk.defaultLayout),
    defaultWrapLayout: await layoutOf(ctx, website.fk.defaultWrapLayout),
  };
}
