/**
 * The five resource routes of http README « Resources » for one entity, so every plugin answers lists, reads, creates,
 * updates and deletes the same way. Business actions are added beside them as ordinary routes.
 */
import { Type, type TObject, type TSchema } from '@sinclair/typebox';
import type { EntityDefinition } from './entity.ts';
import type { RouteDefinition } from './routes.ts';
import type { RequestContext } from './context.ts';
import type { ListParams, Where } from './repository.ts';

export interface CrudOptions {
  /** permission to list and read (default: any member of the company) */
  read?: string;
  /** permission to create, update and delete */
  write: string;
  /** body schema for POST (default: the entity without server-managed fields, all optional) */
  create?: TSchema;
  /** body schema for PUT (default: same as create) */
  update?: TSchema;
  only?: ('list' | 'get' | 'create' | 'update' | 'delete')[];
}

const SERVER_MANAGED = ['_id', 'metadata'];

/** The writable part of an entity: every field optional, closed to unknown fields. */
export function inputSchemaOf(entity: EntityDefinition): TObject {
  const skip = new Set([...SERVER_MANAGED, ...(entity.readOnly ?? []), ...(entity.hidden ?? [])]);
  const props: Record<string, TSchema> = {};
  for (const [k, v] of Object.entries(entity.schema.properties) as [string, TSchema][]) {
    if (skip.has(k)) continue;
    if (k === 'fk') {
      const fkProps: Record<string, TSchema> = {};
      for (const [fk, s] of Object.entries((v as TObject).properties ?? {}) as [string, TSchema][]) {
        if (fk === 'company' && entity.companyScoped) continue;
        fkProps[fk] = Type.Optional(s);
      }
      props.fk = Type.Optional(Type.Object(fkProps, { additionalProperties: false }));
      continue;
    }
    props[k] = Type.Optional(v);
  }
  return Type.Object(props, { additionalProperties: false });
}

export function crudRoutes(entity: EntityDefinition, options: CrudOptions): RouteDefinition[] {
  const repoOf = (req: RequestContext) => (entity.companyScoped ? req.repo(entity) : req.unscoped(entity));
  const createSchema = options.create ?? inputSchemaOf(entity);
  const updateSchema = options.update ?? createSchema;
  const base = `/${entity.name}`;
  const all: Record<string, RouteDefinition> = {
    list: {
      method: 'GET', path: base, permission: options.read, summary: `Liste des ${entity.label}s`,
      handler: (req) => repoOf(req).list(req.query as ListParams, unarchivedUnlessAsked(entity, req.query as Record<string, unknown>)),
    },
    get: {
      method: 'GET', path: `${base}/:id`, permission: options.read, summary: `Un(e) ${entity.label}`,
      handler: (req) => repoOf(req).get(req.params.id),
    },
    create: {
      method: 'POST', path: base, permission: options.write, body: createSchema, status: 201,
      summary: `Créer un(e) ${entity.label}`,
      handler: (req) => repoOf(req).create(req.body as Record<string, unknown>),
    },
    update: {
      method: 'PUT', path: `${base}/:id`, permission: options.write, body: updateSchema,
      summary: `Modifier un(e) ${entity.label}`,
      handler: (req) => repoOf(req).update(req.params.id, req.body as Record<string, unknown>),
    },
    delete: {
      method: 'DELETE', path: `${base}/:id`, permission: options.write, status: 204,
      summary: `Supprimer un(e) ${entity.label}`,
      handler: async (req) => { await repoOf(req).remove(req.params.id); return null; },
    },
  };
  const only = options.only ?? ['list', 'get', 'create', 'update', 'delete'];
  return only.map((k) => all[k]);
}

/** The names of the fields a list's `filters` parameter (JSON text or object) filters on. */
function filteredFields(query: Record<string, unknown> | undefined): string[] {
  let filters: unknown = query?.filters;
  if (typeof filters === 'string') {
    try { filters = JSON.parse(filters); } catch { return []; }
  }
  return filters && typeof filters === 'object' && !Array.isArray(filters) ? Object.keys(filters) : [];
}

/**
 * The condition that leaves archived records out of a list of an archivable entity, unless its
 * filters name the archive field (« Archivés », or both values to see all) or `_id` (records
 * looked up by id, as a picker showing its current value does). Undefined: nothing to add.
 */
export function unarchivedUnlessAsked(entity: EntityDefinition, query: Record<string, unknown> | undefined): Where | undefined {
  if (!entity.archive) return undefined;
  const named = filteredFields(query);
  if (named.includes(entity.archive.field) || named.includes('_id')) return undefined;
  return { [entity.archive.field]: !entity.archive.archivedValue };
}

/**
 * `POST /<collection>/:id/archive` and `/restore` of an archivable entity: they set its archive
 * field and answer the record (an Activity and an `.updated` event, like any update). Archiving
 * twice (or restoring a record that is not archived) changes nothing and answers it as it is.
 */
export function archiveRoutes(entity: EntityDefinition, options: { write: string }): RouteDefinition[] {
  const archive = entity.archive;
  if (!archive) throw new Error(`entity ${entity.plugin}.${entity.name} declares no archive`);
  const repoOf = (req: RequestContext) => (entity.companyScoped ? req.repo(entity) : req.unscoped(entity));
  const set = (value: boolean) => (req: RequestContext) => repoOf(req).update(req.params.id, { [archive.field]: value });
  // no body, or `{}`: anything else is a 400 like on every route
  const body = Type.Object({}, { additionalProperties: false });
  return [
    {
      method: 'POST', path: `/${entity.name}/:id/archive`, permission: options.write, body,
      summary: `Archiver un(e) ${entity.label} : masqué(e) des listes, gardé(e) sur les documents`,
      handler: set(archive.archivedValue),
    },
    {
      method: 'POST', path: `/${entity.name}/:id/restore`, permission: options.write, body,
      summary: `Restaurer un(e) ${entity.label} archivé(e)`,
      handler: set(!archive.archivedValue),
    },
  ];
}
