/**
 * Articles (README « Articles »): the content is sanitised as it is saved; the alias follows the
 * title while `autoGen.enabled` (the default), is unique in the company (a number is added to a
 * generated one; a chosen one that is taken is a 409); `lastEditedDate` is the last change,
 * `writtenDate` defaults to now (a later date publishes the article then).
 */
import { conflict, type CallContext } from '@comptoir/sdk';
import type { Article, ArticleInput } from '../../../schemas/index.ts';
import { Articles } from '../../entities.ts';
import { ALIAS_TAKEN } from '../../messages.ts';
import { slugify } from '../menus/paths.ts';
import { isUniqueViolation } from '../common/unique.ts';
import { checkedTree } from './pages.ts';
import { groups } from '../deps.ts';
import { plainText, sanitizeRichText } from './sanitize.ts';

export function articlesService(ctx: CallContext) {
  const repo = ctx.repo(Articles);

  async function freeAlias(wanted: string, auto: boolean, except?: string): Promise<string> {
    const base = wanted || 'article';
    for (let n = 1; n < 1000; n++) {
      const alias = n === 1 ? base : `${base}-${n}`;
      const other = await repo.findOne({ alias });
      if (!other || other._id === except) return alias;
      if (!auto) throw conflict(ALIAS_TAKEN(alias), [{ field: 'alias', message: ALIAS_TAKEN(alias) }]);
    }
    throw conflict(ALIAS_TAKEN(base));
  }

  const guarded = async <T>(alias: string, write: () => Promise<T>) => {
    try { return await write(); } catch (e) {
      if (isUniqueViolation(e)) throw conflict(ALIAS_TAKEN(alias), [{ field: 'alias', message: ALIAS_TAKEN(alias) }]);
      throw e;
    }
  };

  async function cleaned(input: ArticleInput): Promise<Record<string, unknown>> {
    const out: Record<string, unknown> = { ...input };
    // groups of articles only, of this company (400 naming fk.groups.<i>)
    if (input.fk?.groups) await groups(ctx).check('websites.articles', input.fk.groups);
    if (input.content !== undefined) out.content = sanitizeRichText(input.content);
    if (input.contents !== undefined) out.contents = checkedTree(ctx, input.contents);
    if (input.preview !== undefined) out.preview = plainText(input.preview, 2000);
    return out;
  }

  return {
    async create(input: ArticleInput): Promise<Article> {
      const auto = input.autoGen?.enabled ?? true;
      const alias = await freeAlias(auto || !input.alias ? slugify(input.title) : input.alias, auto || !input.alias);
      const now = ctx.now.toISOString();
      const doc = { writtenDate: now, ...(await cleaned(input)), alias, lastEditedDate: now };
      return guarded(alias, () => repo.create(doc) as Promise<Article>);
    },
    async update(id: string, input: ArticleInput): Promise<Article> {
      const existing = (await repo.getForUpdate(id)) as Article;
      const auto = input.autoGen?.enabled ?? existing.autoGen.enabled;
      const title = input.title ?? existing.title;
      const wanted = auto ? slugify(title) : input.alias ?? existing.alias;
      const alias = wanted === existing.alias ? wanted : await freeAlias(wanted, auto, id);
      const changes: Record<string, unknown> = { ...(await cleaned(input)), alias, lastEditedDate: ctx.now.toISOString() };
      if (input.fk) changes.fk = { ...existing.fk, ...input.fk };
      return guarded(alias, () => repo.update(id, changes, { existing }) as Promise<Article>);
    },
  };
}
export type ArticlesService = ReturnType<typeof articlesService>;
