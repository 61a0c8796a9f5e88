/**
 * User-property definitions for the routes: what the active company sees, creation and changes
 * under the server settings, a company taking up an offered server property, and the indexes of
 * the collections kept in step after each change. The rules are in ./user-prop-rules.ts.
 */
import type { Knex } from 'knex';
import type { CallContext, EntityDefinition, ListParams } from '@comptoir/sdk';
import { badRequest, conflict, forbidden, notFound } from '@comptoir/sdk';
import { resetDefaultValue, typeDefaultValue, type UserProp, type UserPropCreateInput, type UserPropUpdateInput } from '@comptoir/schemas';
import type { Call, LoadedPlugin } from '../../../plugins/call.ts';
import { listEntity } from '../../../db/repository.ts';
import { appliesTo, carriesUserProps, collectionOf, USER_PROPS_TABLE } from '../../../db/user-props.ts';
import { syncUserPropIndexes, type WantedIndex } from '../../../db/user-prop-indexes.ts';
import { sqlKindOf } from '../../../db/user-prop-sql.ts';
import { Companies, UserProps } from '../../../entities/platform.ts';
import { P } from '../../permissions.ts';
import { definitionProblems, scopeRefusal, typeChangeAllowed, visibleTo, type DefinitionDraft } from './user-prop-rules.ts';
import { getServerSettings } from '../companies/server-settings.ts';

/** Published after a definition changed: its collection's indexes are brought in step. */
export const USER_PROPS_CHANGED = 'kernel.user-props.changed';

/**
 * Indexed properties of one collection, all companies together (one index per variable and type
 * family, shared). MariaDB allows 64 indexes a table, the plugin's own included: past it, every
 * ALTER would fail, so a new index is refused first.
 */
export const MAX_INDEXED_PER_COLLECTION = 40;

export interface UserPropCollection { pluginIdentifier: string; plugin: string; name: string; label: string }

function entitiesOf(ctx: CallContext): EntityDefinition[] {
  const plugins = ctx.resolve<Map<string, LoadedPlugin>>('plugins');
  return [...plugins.values()].flatMap((p) => p.def.entities ?? []).filter(carriesUserProps);
}

/** The collections whose records carry user properties (every plugin's, as loaded). */
export function userPropCollections(ctx: CallContext): UserPropCollection[] {
  return entitiesOf(ctx).map((e) => ({ pluginIdentifier: collectionOf(e), plugin: e.plugin, name: e.name, label: e.label }));
}

const dbOf = (ctx: CallContext) => ctx.resolve<Call>('call').opts.db;
const canServer = (ctx: CallContext) => ctx.can(P.userPropsServer);
const who = (ctx: CallContext) => ({ canServer: canServer(ctx), canCompany: ctx.can(P.userPropsManage) });

function refuse(field: string, message: string): never {
  throw badRequest(`Propriété personnalisée invalide — « ${field} » : ${message}.`, [{ field, message }]);
}

function checkProblems(d: DefinitionDraft) {
  const problems = definitionProblems(d);
  if (problems.length) {
    const first = problems.slice(0, 3).map((p) => `« ${p.field} » : ${p.message}`).join(' ; ');
    throw badRequest(`Propriété personnalisée invalide — ${first}.`, problems);
  }
}

/** What the active company sees (see visibleTo), as a list (http README « Lists »). */
export function listUserProps(ctx: CallContext, params: ListParams) {
  const companyId = ctx.caller.companyId!;
  const t = USER_PROPS_TABLE;
  return listEntity(dbOf(ctx) as Knex, UserProps, params, (qb) => {
    qb.where((w) => {
      w.where(`${t}.fk_company`, companyId);
      if (canServer(ctx)) w.orWhereNull(`${t}.fk_company`);
      else {
        // ids are hex: the quoted id inside the JSON list is found the same on both engines
        w.orWhere((s) => s.whereNull(`${t}.fk_company`).andWhere((o) => o
          .where(`${t}.applyForAllCompanies`, true)
          .orWhere(`${t}.allowCompaniesToUseThisProperty`, true)
          .orWhere(`${t}.fk_companies`, 'like', `%"${companyId}"%`)));
      }
    });
  });
}

export async function getUserProp(ctx: CallContext, id: string): Promise<UserProp> {
  const d = await ctx.unscoped(UserProps).get(id) as UserProp;
  if (!visibleTo(d, ctx.caller.companyId!, canServer(ctx))) throw notFound('Propriété personnalisée introuvable.');
  return d;
}

async function checkCompanies(ctx: CallContext, ids: string[]) {
  if (ids.length === 0) return;
  const found = new Set((await ctx.unscoped(Companies).findByIds(ids)).map((c) => (c as { _id: string })._id));
  const missing = ids.find((id) => !found.has(id));
  if (missing) refuse('fk.companies', `entreprise inconnue : ${missing}`);
}

/** 409 when another definition of the same collection and variable applies to the same records. */
async function checkVariableFree(ctx: CallContext, d: UserProp, selfId?: string) {
  const same = (await ctx.unscoped(UserProps).findMany({ pluginIdentifier: d.pluginIdentifier, variable: d.variable }) as UserProp[])
    .filter((o) => o._id !== selfId);
  const clash = same.find((o) => {
    if (!d.server) return o.server ? appliesTo(o, d.fk.company!) : o.fk.company === d.fk.company;
    if (o.server) return true;
    return appliesTo(d, o.fk.company!);
  });
  if (clash) {
    throw conflict(`La variable « ${d.variable} » est déjà utilisée par la propriété « ${clash.name} » sur ces fiches : choisissez-en une autre.`);
  }
}

/** 409 when `d` would need an index beyond MAX_INDEXED_PER_COLLECTION. */
async function checkIndexRoom(ctx: CallContext, d: UserProp, selfId?: string) {
  if (!d.index || d.multiple) return;
  const key = (r: Pick<UserProp, 'variable' | 'type'>) => `${sqlKindOf(r.type)}:${r.variable}`;
  const rows = await dbOf(ctx)(USER_PROPS_TABLE).select('_id', 'variable', 'type')
    .where({ pluginIdentifier: d.pluginIdentifier, index: true, multiple: false });
  const others = new Set((rows as UserProp[]).filter((r) => r._id !== selfId).map(key));
  if (!others.has(key(d)) && others.size >= MAX_INDEXED_PER_COLLECTION) {
    throw conflict(`Trop de propriétés indexées sur ces fiches (${MAX_INDEXED_PER_COLLECTION} au plus, toutes entreprises du serveur confondues) : enregistrez-la sans index, ou retirez l’index d’une autre.`);
  }
}

function checkScope(ctx: CallContext, d: UserProp, settings: Awaited<ReturnType<typeof getServerSettings>>, was?: UserProp) {
  const refusal = scopeRefusal(d, who(ctx), settings.userProps, was);
  if (refusal) throw refusal.status === 403 ? forbidden(refusal.message) : conflict(refusal.message);
  if (!d.server) {
    for (const f of ['applyForAllCompanies', 'allowCompaniesToUseThisProperty'] as const) {
      if (d[f]) refuse(f, 'réservé aux propriétés du serveur');
    }
    if (d.fk.companies.length) refuse('fk.companies', 'réservé aux propriétés du serveur');
  }
}

export async function createUserProp(ctx: CallContext, input: UserPropCreateInput): Promise<UserProp> {
  if (!userPropCollections(ctx).some((c) => c.pluginIdentifier === input.pluginIdentifier)) {
    refuse('pluginIdentifier', `collection inconnue : « ${input.pluginIdentifier} » (voir /api/kernel/user-props/collections)`);
  }
  const server = input.server === true;
  const draft = {
    type: 'text', multiple: false, required: false, index: false, fullTextSearch: false, selectOptions: [],
    applyForAllCompanies: false, allowCompaniesToUseThisProperty: false,
    ...input,
    server,
    fk: { company: server ? null : ctx.caller.companyId, companies: server && input.applyForAllCompanies ? [] : input.fk?.companies ?? [] },
  } as UserProp;
  if (draft.defaultValue === undefined) draft.defaultValue = typeDefaultValue(draft);
  checkScope(ctx, draft, await getServerSettings(ctx));
  checkProblems(draft);
  await checkCompanies(ctx, draft.fk.companies);
  await checkVariableFree(ctx, draft);
  await checkIndexRoom(ctx, draft);
  const created = await ctx.unscoped(UserProps).create(draft as unknown as Record<string, unknown>) as UserProp;
  ctx.emit(USER_PROPS_CHANGED, { pluginIdentifier: created.pluginIdentifier });
  return created;
}

async function editable(ctx: CallContext, id: string): Promise<UserProp> {
  const d = await getUserProp(ctx, id);
  if (d.server ? !canServer(ctx) : !ctx.can(P.userPropsManage)) {
    throw forbidden(d.server ? 'Seul un administrateur du serveur gère les propriétés du serveur.' : 'Permission requise : kernel.user-props.manage.');
  }
  return d;
}

export async function updateUserProp(ctx: CallContext, id: string, body: UserPropUpdateInput): Promise<UserProp> {
  const was = await editable(ctx, id);
  if (body.multiple !== undefined && body.multiple !== was.multiple) {
    throw conflict('Une propriété ne peut pas passer d’une à plusieurs valeurs (ni l’inverse) : créez-en une nouvelle.');
  }
  if (body.type !== undefined && !typeChangeAllowed(was.type, body.type)) {
    throw conflict(`Le type « ${was.type} » ne peut pas devenir « ${body.type} » : les valeurs déjà saisies ne s’y liraient plus. Créez une nouvelle propriété.`);
  }
  let next = { ...was, ...body, fk: { ...was.fk } } as UserProp;
  if (body.fk?.companies) next.fk.companies = body.fk.companies;
  if (next.applyForAllCompanies) next.fk.companies = [];
  // a new type (or required) without a new default gets the spec's default, without the bounds
  // that belonged to the old one (unless they are sent)
  const reshaped = (body.type !== undefined && body.type !== was.type) || (body.required !== undefined && body.required !== was.required && was.multiple);
  if (reshaped && body.defaultValue === undefined) {
    const sentBounds = Object.fromEntries((['min', 'max', 'minValues', 'maxValues'] as const).filter((f) => body[f] !== undefined).map((f) => [f, body[f]]));
    next = { ...resetDefaultValue(next), min: null, max: null, minValues: null, maxValues: null, ...sentBounds };
  }
  if (next.defaultValue === undefined || next.defaultValue === null) next.defaultValue = typeDefaultValue(next);
  checkScope(ctx, next, await getServerSettings(ctx), was);
  checkProblems(next);
  await checkCompanies(ctx, body.fk?.companies ?? []);
  await checkVariableFree(ctx, next, id);
  await checkIndexRoom(ctx, next, id);
  const { _id: _i, metadata: _m, ...changes } = next;
  void _i; void _m;
  const saved = await ctx.unscoped(UserProps).update(id, changes) as UserProp;
  ctx.emit(USER_PROPS_CHANGED, { pluginIdentifier: saved.pluginIdentifier });
  return saved;
}

export async function removeUserProp(ctx: CallContext, id: string): Promise<void> {
  const d = await editable(ctx, id);
  await ctx.unscoped(UserProps).remove(id);
  ctx.emit(USER_PROPS_CHANGED, { pluginIdentifier: d.pluginIdentifier });
}

/** The active company takes up (or leaves) a server property offered to companies. */
export async function setUserPropUsage(ctx: CallContext, id: string, used: boolean): Promise<UserProp> {
  const d = await getUserProp(ctx, id);
  const companyId = ctx.caller.companyId!;
  if (!d.server || !d.allowCompaniesToUseThisProperty || d.applyForAllCompanies) {
    throw conflict('Cette propriété n’est pas proposée au choix des entreprises.');
  }
  const has = d.fk.companies.includes(companyId);
  if (has === used) return d;
  if (used) {
    const mine = await ctx.unscoped(UserProps).findOne({ pluginIdentifier: d.pluginIdentifier, variable: d.variable, 'fk.company': companyId }) as UserProp | null;
    if (mine) throw conflict(`Votre propriété « ${mine.name} » utilise déjà la variable « ${d.variable} » sur ces fiches.`);
  }
  const companies = used ? [...d.fk.companies, companyId] : d.fk.companies.filter((c) => c !== companyId);
  const saved = await ctx.unscoped(UserProps).update(id, { fk: { ...d.fk, companies } }, { activityCompanyId: companyId }) as UserProp;
  ctx.emit(USER_PROPS_CHANGED, { pluginIdentifier: d.pluginIdentifier });
  return saved;
}

/**
 * Brings the indexes of one collection (or all) in step with the definitions flagged `index`,
 * in the calling transaction (on MariaDB the DDL commits it: callers run this after their writes).
 */
export async function syncIndexes(ctx: CallContext, pluginIdentifier?: string): Promise<void> {
  const db = dbOf(ctx);
  const entities = entitiesOf(ctx).filter((e) => pluginIdentifier === undefined || collectionOf(e) === pluginIdentifier);
  for (const entity of entities) {
    const rows = await db(USER_PROPS_TABLE).select('variable', 'type')
      .where({ pluginIdentifier: collectionOf(entity), index: true, multiple: false });
    const wanted = new Map<string, WantedIndex>();
    for (const r of rows as Pick<UserProp, 'variable' | 'type'>[]) {
      const w = { variable: r.variable, kind: sqlKindOf(r.type) };
      wanted.set(`${w.kind}:${w.variable}`, w);
    }
    try {
      await syncUserPropIndexes(db, entity.table, [...wanted.values()]);
    } catch (e) {
      // an index only speeds lists up: its failure must not stop the boot nor the other tables
      ctx.log.error({ err: e, table: entity.table }, 'user-prop indexes: sync failed');
    }
  }
}
