/**
 * Templates and their variants (spec 001 §3 « Template », « TemplateVariant »). A template is a
 * folder of CSS (and possibly JS) files shipped with the server (`templates/<folder>/`), known to
 * every company when `public`, else to the companies of `fk.companies`; templates are managed by
 * the server's administrators. A variant is a company's choice of the template's params (its
 * colours…), written as CSS custom properties that the `variantable` CSS files read.
 */
import { Type, type Static } from '@sinclair/typebox';
import { Entity, Id, Str, StrEnum, Text } from '@comptoir/schemas';

export const TEMPLATE_PARAM_TYPES = ['color', 'string', 'number', 'boolean', 'choice', 'length'] as const;

export const TemplateParam = Type.Object({
  /** the CSS custom property without `--` (`primary`) */
  name: Type.String({ pattern: '^[a-z][a-z0-9-]*$', maxLength: 60 }),
  label: Str(),
  type: Type.Optional(StrEnum(TEMPLATE_PARAM_TYPES, { default: 'color' })),
  default: Type.Optional(Type.Union([Type.String({ maxLength: 255 }), Type.Number(), Type.Boolean()])),
  choices: Type.Optional(Type.Array(Str(), { maxItems: 50 })),
}, { additionalProperties: false });
export type TemplateParam = Static<typeof TemplateParam>;

export const TEMPLATE_FILE_PATTERN = '^[A-Za-z0-9_-][A-Za-z0-9_./-]*\\.(css|js)$';

export const Template = Entity({
  identifier: Type.String({ pattern: '^[a-z][a-z0-9-]*$', maxLength: 60 }),
  name: Str({ minLength: 1 }),
  description: Type.Optional(Text()),
  /** its folder under `plugins/websites/templates/` */
  folder: Type.String({ pattern: '^[a-z][a-z0-9-]*$', maxLength: 60 }),
  author: Type.Optional(Str()),
  version: Type.Optional(Str()),
  /** the template's own web page */
  website: Type.Optional(Str()),
  public: Type.Boolean({ default: true }),
  /** the Bootstrap the template is written for; `none`: its own CSS only (spelling of the spec) */
  boostrap: Type.String({ default: 'none', maxLength: 20 }),
  params: Type.Array(TemplateParam, { default: [], maxItems: 100 }),
  jsScripts: Type.Array(Type.Object({
    path: Type.String({ pattern: TEMPLATE_FILE_PATTERN, maxLength: 255 }),
    position: Type.Optional(StrEnum(['end-of-body', 'head'] as const, { default: 'end-of-body' })),
  }, { additionalProperties: false }), { default: [], maxItems: 20 }),
  cssFiles: Type.Array(Type.Object({
    path: Type.String({ pattern: TEMPLATE_FILE_PATTERN, maxLength: 255 }),
    variantable: Type.Optional(Type.Boolean({ default: false })),
  }, { additionalProperties: false }), { default: [], maxItems: 20 }),
  /** not in the spec: scripts written by editors (raw HTML blocks) reach visitors only when true */
  allowEditorScripts: Type.Boolean({ default: false }),
}, { companies: Type.Array(Id(), { default: [], maxItems: 10000 }) });
export type Template = Static<typeof Template>;

export const TemplateVariant = Entity({
  name: Str({ minLength: 1 }),
  description: Type.Optional(Text()),
  templateIdentifier: Type.String({ pattern: '^[a-z][a-z0-9-]*$', maxLength: 60 }),
  params: Type.Array(Type.Object({ name: Str({ minLength: 1 }), value: Type.String({ maxLength: 255 }) }, { additionalProperties: false }), { default: [], maxItems: 100 }),
}, { company: Id() });
export type TemplateVariant = Static<typeof TemplateVariant>;
