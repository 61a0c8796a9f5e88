/**
 * An article of the company's blog (spec 001 §3 « Article »). `content` is rich text (HTML),
 * sanitised when saved and again when drawn; `contents` is a layout tree of its own, drawn after
 * it. Its page is `/article/<alias>` on every website of the company.
 */
import { Type, type Static } from '@sinclair/typebox';
import { Attachments, DateTime, Entity, Id, Str, Text } from '@comptoir/schemas';
import { LayoutTree } from './layout.ts';

/** an article's alias: a path segment (letters, digits, `-`) */
export const ARTICLE_ALIAS_PATTERN = '^[a-z0-9]+(-[a-z0-9]+)*$';

export const Article = Entity({
  writtenDate: DateTime(),
  lastEditedDate: Type.Optional(DateTime()),
  author: Type.Optional(Str()),
  content: Type.Optional(Text({ maxLength: 200_000 })),
  /** the plain-text summary of the lists */
  preview: Type.Optional(Type.String({ maxLength: 2000 })),
  title: Str({ minLength: 1 }),
  attachments: Attachments(),
  alias: Type.String({ pattern: ARTICLE_ALIAS_PATTERN, maxLength: 200 }),
  /** enabled: the alias follows the title */
  autoGen: Type.Object({ enabled: Type.Boolean({ default: true }) }, { additionalProperties: false, default: { enabled: true } }),
  contents: LayoutTree(),
}, {
  company: Id(),
  groups: Type.Array(Id(), { default: [], maxItems: 50 }),
  /** File records (kernel.files) whose images head the article */
  headerImagesFiles: Type.Array(Id(), { default: [], maxItems: 20 }),
  attachmentsFiles: Type.Array(Id(), { default: [], maxItems: 50 }),
});
export type Article = Static<typeof Article>;

export const ArticleInput = Type.Object({
  writtenDate: Type.Optional(DateTime()),
  author: Type.Optional(Str()),
  content: Type.Optional(Article.properties.content),
  preview: Type.Optional(Article.properties.preview),
  title: Type.Optional(Article.properties.title),
  attachments: Type.Optional(Article.properties.attachments),
  alias: Type.Optional(Article.properties.alias),
  autoGen: Type.Optional(Article.properties.autoGen),
  contents: Type.Optional(Article.properties.contents),
  fk: Type.Optional(Type.Object({
    groups: Type.Optional(Type.Array(Id(), { maxItems: 50 })),
    headerImagesFiles: Type.Optional(Type.Array(Id(), { maxItems: 20 })),
    attachmentsFiles: Type.Optional(Type.Array(Id(), { maxItems: 50 })),
  }, { additionalProperties: false })),
}, { additionalProperties: false });
export type ArticleInput = Static<typeof ArticleInput>;
