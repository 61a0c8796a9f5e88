/**
 * One request to a website, answered (README « Rendering »): robots.txt, sitemap.xml, the
 * template's files, an article (`/article/<alias>`), a menu entry's page (the home page at `/`),
 * or the French 404 — each page drawn from its layout inside its wrapping layout (the item's, else
 * the website's default, else the default frame: main menu, page, footer).
 */
import { attachmentUrl } from '@comptoir/schemas';
import { html, rawHtml, type BlockPlace, type CallContext } from '@comptoir/sdk';
import type { Article, HomeAccess, LayoutContainer, PageData, PageLayout, PageSeo } from '../../../schemas/index.ts';
import { Articles } from '../../entities.ts';
import { NOT_FOUND_TEXT, NOT_FOUND_TITLE } from '../../messages.ts';
import { normalizePath } from '../menus/paths.ts';
import { flatten, type MenuEntry } from '../menus/tree.ts';
import { sanitizeRichText, plainText } from '../content/sanitize.ts';
import { CLASSIQUE, templateFile, templateFileUrl, variantCss } from '../content/templates.ts';
import { blockCatalogue } from './blocks/catalogue.ts';
import { articleHref, frenchDate } from './blocks/content.ts';
import type { PageEnv } from './blocks/types.ts';
import { htmlDocument, pageTitle } from './document.ts';
import { picture } from './html.ts';
import { drawTree, type DrawOptions } from './layout.ts';
import { publishedArticles } from './site-env.ts';
import type { PageType, SiteStructure } from './structure.ts';
import { robotsTxt, sitemapUrls, sitemapXml } from './sitemap.ts';

export interface SiteAnswer {
  status: number;
  type: string;
  body: string | Buffer;
  cacheControl: string;
  /** whether the answer may be kept in the page cache (template files are kept apart) */
  cacheable: boolean;
}

const HTML = 'text/html; charset=utf-8';
export const PAGE_CACHE_CONTROL = 'public, max-age=0, must-revalidate';
const TEXT_CACHE_CONTROL = 'public, max-age=3600';
const IMMUTABLE = 'public, max-age=31536000, immutable';

/** The frame of a website without a wrapping layout: main menu, the page, the footer. */
const DEFAULT_WRAP: LayoutContainer[] = [
  { fluid: true, rows: [{ cols: [{ contents: [{ type: 'menu', uuid: 'frame-menu', position: 0, main: false, settings: {} }] }] }] },
  { fluid: true, rows: [{ cols: [{ contents: [{ type: 'menu', uuid: 'frame-main', position: 0, main: true, settings: {} }] }] }] },
  { fluid: true, rows: [{ cols: [{ contents: [{ type: 'menu-footer', uuid: 'frame-footer', position: 0, main: false, settings: {} }] }] }] },
];

const hasMain = (tree: LayoutContainer[]) => tree.some((c) => (c.rows ?? []).some((r) => (r.cols ?? []).some((col) => (col.contents ?? []).some((x) => x.main))));

export const baseUrlOf = (access: HomeAccess) => `${access.website.https ? 'https' : 'http'}://${access.website.normalizedDomain}`;

/** What the blocks of a page of this website read, and how its trees are drawn (pages and the editor's previews). */
export function pageDraw(ctx: CallContext, structure: SiteStructure, path: string, query: Record<string, string | undefined>, now: Date): DrawOptions {
  const { access, menus } = structure;
  const { website } = access;
  const place: BlockPlace = { companyId: website.fk.company, websiteId: website._id, path, query, now };
  const articleCache = new Map<string, Article | null>();
  const env: PageEnv = {
    ctx, website, companyName: access.company.name, place,
    allowScripts: !!access.template?.allowEditorScripts,
    menu: async (menuId) => menus.trees.get(menuId ?? menus.mainMenuId ?? '') ?? menus.trees.get(menus.mainMenuId ?? '') ?? [],
    articles: (groups, limit) => publishedArticles(ctx, now, groups, limit),
    article: async (id) => {
      if (!articleCache.has(id)) {
        const a = (await ctx.repo(Articles).find(id)) as Article | null;
        articleCache.set(id, a && a.writtenDate <= now.toISOString() ? a : null);
      }
      return articleCache.get(id) ?? null;
    },
    listGroup: null,
  };
  return { catalogue: blockCatalogue(ctx), env, stored: structure.stored, menuItemId: null };
}

export async function renderSite(ctx: CallContext, structure: SiteStructure, path: string, query: Record<string, string | undefined>, now: Date): Promise<SiteAnswer> {
  const { access, menus } = structure;
  const { website } = access;
  const base = baseUrlOf(access);
  if (path === '/robots.txt') {
    return { status: 200, type: 'text/plain; charset=utf-8', body: robotsTxt(website, base), cacheControl: TEXT_CACHE_CONTROL, cacheable: true };
  }
  const template = access.template ?? { ...CLASSIQUE, params: CLASSIQUE.params };
  if (path.startsWith('/_site/')) {
    const [, , folder, ...rest] = path.split('/');
    const f = folder === template.folder ? templateFile(folder, rest.join('/')) : null;
    if (f) return { status: 200, type: f.type, body: f.body, cacheControl: query.v === f.hash ? IMMUTABLE : TEXT_CACHE_CONTROL, cacheable: false };
  }
  if (path === '/sitemap.xml') {
    const articles = await publishedArticles(ctx, now, [], 50_000);
    const xml = sitemapXml(sitemapUrls(base, [...menus.trees.values()], structure.layouts, articles, articleHref));
    return { status: 200, type: 'application/xml; charset=utf-8', body: xml, cacheControl: TEXT_CACHE_CONTROL, cacheable: true };
  }

  const draw = pageDraw(ctx, structure, path, query, now);
  const { env } = draw;
  const layoutById = (id: string | undefined) => (id ? structure.layouts.get(id) ?? null : null);
  const pageTypeLayout = (pageType: PageType) => structure.pageTypes.get(pageType) ?? null;

  let status = 200;
  let title: string | undefined;
  let description: string | undefined;
  let ogType = 'website';
  let main: string;
  let wrap: PageLayout | null = access.defaultWrapLayout;

  const articleMatch = /^\/article\/([a-z0-9-]+)\/?$/.exec(path);
  const normalized = normalizePath(path);
  const entries = [...menus.trees.values()].flatMap(flatten).filter((e) => e.path !== null);
  const entry: MenuEntry | undefined = normalized === '/'
    ? entries.find((e) => e.item.fk.homeForWebsites.includes(website._id)) ?? entries.find((e) => normalizePath(e.path!) === '/')
    : entries.find((e) => normalizePath(e.path!) === normalized);
  const article = articleMatch
    ? ((await ctx.repo(Articles).findOne({ alias: articleMatch[1] })) as Article | null)
    : null;

  if (article && article.writtenDate <= now.toISOString()) {
    title = article.title;
    description = article.preview || plainText(article.content ?? '', 160);
    ogType = 'article';
    const header = article.attachments.find((a) => a.tags.includes('header')) ?? article.attachments.find((a) => a.mime.startsWith('image/'));
    const body = html`<article class="c-article"><h1>${article.title}</h1><p class="c-meta">${frenchDate(article.writtenDate)}${article.author ? ` · ${article.author}` : ''}</p>${header ? picture(header, { alt: '', lazy: false, sizes: '(min-width: 1200px) 1140px, 100vw' }) : ''}${rawHtml(sanitizeRichText(article.content ?? ''))}${rawHtml(await drawTree(article.contents, draw))}</article>`.value;
    const typed = pageTypeLayout('article');
    main = typed ? await drawTree(typed.layout.contents, { ...draw, main: body, overrides: typed.overrides }) : body;
    if (typed && !hasMain(typed.layout.contents)) main += body;
  } else if (entry && (!articleMatch || entry.path === path)) {
    draw.menuItemId = entry.item._id;
    title = typeof entry.item.settings.title === 'string' ? entry.item.settings.title : entry.label;
    description = typeof entry.item.settings.description === 'string' ? entry.item.settings.description : undefined;
    const layout = (layoutById(entry.item.fk.layout)) ?? (entry.item.type === 'articles' ? null : access.defaultLayout);
    if (entry.item.fk.wrapLayout) wrap = (layoutById(entry.item.fk.wrapLayout)) ?? wrap;
    if (entry.item.type === 'articles') {
      env.listGroup = entry.group?._id ?? entry.item.variableSettings?.groups?.[0] ?? null;
      const typed = layout ? null : pageTypeLayout('article-list');
      const tree = layout?.contents ?? typed?.layout.contents
        ?? [{ fluid: false, rows: [{ cols: [{ contents: [{ type: 'blog', uuid: 'list', position: 0, main: false, settings: { title: entry.label } }] }] }] }];
      main = await drawTree(tree, { ...draw, overrides: typed?.overrides });
    } else {
      main = layout ? await drawTree(layout.contents, draw) : html`<h1>${entry.label}</h1>`.value;
    }
  } else if (normalized === '/') {
    main = access.defaultLayout ? await drawTree(access.defaultLayout.contents, draw) : html`<h1>${access.company.name}</h1>`.value;
  } else {
    status = 404;
    title = NOT_FOUND_TITLE;
    const typed = pageTypeLayout('not-found');
    const text = html`<section class="c-404"><h1>${NOT_FOUND_TITLE}</h1><p>${NOT_FOUND_TEXT}</p><p><a class="c-button" href="/">Retour à l’accueil</a></p></section>`.value;
    main = typed ? await drawTree(typed.layout.contents, { ...draw, main: text, overrides: typed.overrides }) : text;
  }

  const frame = wrap?.contents?.length ? wrap.contents : DEFAULT_WRAP;
  let body = await drawTree(frame, { ...draw, main: `<main id="contenu">${main}</main>` });
  if (!hasMain(frame)) body += `<main id="contenu">${main}</main>`;

  const siteTitle = website.seo?.title || website.name;
  const seos: PageSeo[] = [];
  const desc = description || website.seo?.description;
  if (desc) seos.push({ name: 'description', content: desc }, { name: 'og:description', content: desc, property: true });
  if (website.seo?.keywords) seos.push({ name: 'keywords', content: website.seo.keywords });
  seos.push(
    { name: 'og:title', content: pageTitle(title, siteTitle), property: true },
    { name: 'og:type', content: ogType, property: true },
    { name: 'og:locale', content: 'fr_FR', property: true },
  );
  if (status === 200) seos.push({ name: 'canonical', content: base + (path === '/' ? '/' : path.replace(/\/+$/, '')) });
  else seos.push({ name: 'robots', content: 'noindex' });
  const cssPaths = template.cssFiles.map((f) => templateFileUrl(template.folder, f.path)).filter((x): x is string => !!x);
  const js = template.jsScripts.map((f) => templateFileUrl(template.folder, f.path)).filter((x): x is string => !!x);
  const page: PageData = { seos, webRequirements: { js, css: [] }, cssPaths, item: entry?.item ?? null, layout: null, wrapLayout: wrap };
  const favicon = website.attachments.find((a) => a.uuid === website.favIconId);
  const document = htmlDocument({
    title: pageTitle(title, siteTitle), page, body,
    variantCss: template.cssFiles.some((f) => f.variantable) ? variantCss(template, access.variant) : '',
    favicon: favicon ? attachmentUrl(favicon, favicon.mime === 'image/svg+xml' ? 'original' : 's64') : null,
  });
  return { status, type: HTML, body: document, cacheControl: PAGE_CACHE_CONTROL, cacheable: true };
}
