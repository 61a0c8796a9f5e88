/**
 * What a home-access request answers (spec 001 §2, §7): for a domain, the company, the website,
 * its template, variant and default layouts; and the data of one page (seos, webRequirements,
 * cssPaths, item, layout, wrapLayout), from which the server draws the HTML.
 */
import type { MenuItem } from './menu.ts';
import type { PageLayout } from './page.ts';
import type { Template, TemplateVariant } from './template.ts';
import type { Website } from './website.ts';

/** LiteCompany (fields not in the spec: its id and the names a site shows) */
export interface LiteCompany { _id: string; name: string }

export interface HomeAccess {
  company: LiteCompany;
  website: Website;
  /** no customer is signed in on public pages yet */
  customer: null;
  template: Template | null;
  variant: TemplateVariant | null;
  defaultLayout: PageLayout | null;
  defaultWrapLayout: PageLayout | null;
}

export interface PageSeo { name: string; content: string; property?: boolean }

export interface PageData {
  seos: PageSeo[];
  webRequirements: { js: string[]; css: string[] };
  cssPaths: string[];
  item: MenuItem | null;
  layout: PageLayout | null;
  wrapLayout: PageLayout | null;
}
