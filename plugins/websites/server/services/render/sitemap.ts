/**
 * sitemap.xml and robots.txt of a website (README « Sitemap and robots »), plain functions over
 * plain data: the sitemap lists the menu entries that are pages (their sitemap settings: priority
 * 0.5 by default, `lastmod` and `changefreq` when set) and the published articles.
 */
import { escapeHtml } from '@comptoir/sdk';
import type { Article, MenuItem, PageLayout } from '../../../schemas/index.ts';
import type { MenuEntry } from '../menus/tree.ts';
import { flatten } from '../menus/tree.ts';

export interface SitemapUrl { loc: string; lastmod?: string; changefreq?: string; priority?: number }

export function sitemapXml(urls: SitemapUrl[]): string {
  const body = urls.map((u) => `<url><loc>${escapeHtml(u.loc)}</loc>${u.lastmod ? `<lastmod>${u.lastmod.slice(0, 10)}</lastmod>` : ''}${u.changefreq ? `<changefreq>${u.changefreq}</changefreq>` : ''}${u.priority !== undefined ? `<priority>${u.priority.toFixed(1)}</priority>` : ''}</url>`).join('\n');
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${body}\n</urlset>\n`;
}

const latest = (...dates: (string | undefined)[]) => dates.filter((d): d is string => !!d).sort().at(-1);

/** The URLs of the site's menu entries (pages and article lists; links and excluded items left out) and articles. */
export function sitemapUrls(base: string, trees: MenuEntry[][], layouts: Map<string, PageLayout>, articles: Article[], articleHref: (alias: string) => string): SitemapUrl[] {
  const seen = new Set<string>();
  const out: SitemapUrl[] = [];
  for (const e of trees.flatMap(flatten)) {
    const s = e.item.sitemapSettings;
    if (e.path === null || s?.excluded || seen.has(e.path)) continue;
    seen.add(e.path);
    const item: MenuItem = e.item;
    let lastmod: string | undefined;
    if (s?.lastModOption === 'item') lastmod = item.metadata.lastModificationDate;
    if (s?.lastModOption === 'content') {
      const attr = item.variableSettings?.lastModAttr;
      const fromGroup = e.group && attr ? e.group[attr] : undefined;
      lastmod = latest(item.metadata.lastModificationDate, item.fk.layout ? layouts.get(item.fk.layout)?.metadata.lastModificationDate : undefined, typeof fromGroup === 'string' ? fromGroup : undefined);
    }
    out.push({
      loc: base + e.path, lastmod,
      changefreq: s?.changeFreq && s.changeFreq !== 'unset' ? s.changeFreq : undefined,
      priority: s?.priority ?? 0.5,
    });
  }
  for (const a of articles) out.push({ loc: base + articleHref(a.alias), lastmod: a.lastEditedDate ?? a.writtenDate, priority: 0.5 });
  return out;
}

/** robots.txt: written by the server (everything allowed, the sitemap named) or the owner's own text. */
export function robotsTxt(site: { autoRobots: boolean; robots?: string }, base: string): string {
  if (!site.autoRobots) return site.robots ?? '';
  return `User-agent: *\nAllow: /\n\nSitemap: ${base}/sitemap.xml\n`;
}
