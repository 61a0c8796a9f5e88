/**
 * An entity is declared once, as data: its collection name, its table, its schema and whether it
 * belongs to a company. The kernel derives columns, validation and the repository from it.
 */
import type { TObject, Static } from '@sinclair/typebox';

/** An entity as references name it: `<plugin>.<collection>` (`contacts.customers`, `kernel.groups`). */
export type EntityRef = `${string}.${string}`;

/**
 * What one path of a document references. The short form is the target alone; the long form says
 * whether the reference keeps the target from being deleted.
 */
export type ReferenceDeclaration = EntityRef | {
  entity: EntityRef;
  /**
   * `false`: the reference never refuses the deletion of its target (the owner forgets it, as
   * contacts forget a deleted customer). Default `true`: an archivable target referenced through
   * this path answers 409 on deletion (see `archive`).
   */
  blocksDeletion?: boolean;
  /**
   * The target belongs to a plugin this one does not depend on (or one not written yet): checked
   * when that plugin is loaded; when it is not, no id can name one of its records, so any id is
   * refused. Without it, the target must be this plugin's, the kernel's or a dependency's, and an
   * unknown target stops the boot.
   */
  optional?: boolean;
};

/**
 * Archiving in place of deletion: the field that marks an archived record and its value there.
 * Lists (`crudRoutes`) leave archived records out unless a filter names the field or `_id`; a
 * record referenced through a declared reference cannot be deleted (409 with `referenced`).
 */
export interface ArchiveDeclaration {
  /** a boolean column: `archived` (true when archived) or the spec's `enabled` (false when archived) */
  field: string;
  /** the value of `field` on an archived record */
  archivedValue: boolean;
  /** the French 409 of a deletion refused because documents reference the record */
  referenced: string;
}

/**
 * One way of grouping a company's documents in their maintained totals (`EntityDefinition.totals`):
 * - `value`: the field's own value (a status): any list filter on the field is answered;
 * - `presence`: whether the field is set (a number): `exists`, and `eq`/`neq` null, are answered;
 * - `sign`: negative, zero, positive or unset (a total): `gt`, `gte`, `lt`, `lte`, `eq`, `neq`
 *   against 0, and `exists`, are answered.
 */
export interface TotalsDimension {
  field: string;
  by: 'value' | 'presence' | 'sign';
}

/**
 * Totals the repository keeps up to date in the transaction of every write (server/src/db/totals/
 * README.md): per company and per combination of the `groupBy` dimensions, the number of documents
 * and, for each field of `sums` (money or integers), their exact sum and how many have one. A list
 * whose filters all fall on these dimensions, and whose aggregations are sums or averages of these
 * fields, reads its count and totals from them instead of the documents: O(groups), not O(rows).
 */
export interface MaintainedTotals {
  groupBy: TotalsDimension[];
  sums: string[];
}

export interface EntityDefinition<S extends TObject = TObject> {
  /** owning plugin id */
  plugin: string;
  /** collection name in routes: `/api/<plugin>/<name>` */
  name: string;
  /** SQL table, `<plugin>_<entity>` */
  table: string;
  /** the stored shape (built with `Entity()` of @comptoir/schemas) */
  schema: S;
  /** company-scoped entities carry `fk.company` and are only ever seen through the active company */
  companyScoped: boolean;
  /** French noun for messages, e.g. « utilisateur » */
  label: string;
  /** the label is a feminine noun (« facture »): messages say « aucune facture » */
  feminine?: boolean;
  /**
   * The ids this entity's documents hold, by path: `fk.<name>` (one id or a list of ids) or a path
   * through lists of objects, `items[].itemId`. On every create and update the repository checks,
   * in one query per referenced table, that each id written (on an update: each id that was not
   * already there) names a record of the target — of the active company when the target is
   * company-scoped — else answers a French 400 naming the field and writes nothing. The same
   * declarations tell which records reference one being deleted (`archive`).
   * `fk.company` of a company-scoped entity is the repository's own and is never declared.
   */
  references?: Record<string, ReferenceDeclaration>;
  /** archived rather than deleted once referenced (see ArchiveDeclaration) */
  archive?: ArchiveDeclaration;
  /** fields never returned by the API (password hashes, token hashes) */
  hidden?: string[];
  /**
   * Top-level text fields whose `contains` filter goes through the full-text index (server/src/db
   * README « Search index »): names and numbers people type into a search box. Each needs its
   * `<field>__fold` and `<field>__grams` columns and the index, made by `addSearchIndex` in a
   * migration; the row codec fills them on every write.
   */
  search?: string[];
  /** fields the API may not write (server-managed) */
  readOnly?: string[];
  /** answers a French reason when the document is frozen (no update, no delete) */
  frozen?(doc: Static<S>): string | null;
  /**
   * Top-level fields the owning plugin's services may still change on a frozen document (an
   * emitted invoice's status and paid amounts). Route input schemas must not offer them.
   */
  mutableWhenFrozen?: string[];
  /**
   * Fields computed from the document on every create and update, whoever writes it (a searchable
   * `receiverName` from the JSON `receiver`): stored as columns, so lists filter and sort on them.
   * Route input schemas must not offer them.
   */
  derive?(doc: Static<S>): Partial<Static<S>>;
  /** the company whose activity log shows a change of this document (default: `fk.company`) */
  activityCompany?(doc: { _id: string; fk?: Record<string, unknown> }): string | null;
  /**
   * Totals kept per company and group for the default lists and their tabs (see MaintainedTotals).
   * Company-scoped entities only.
   */
  totals?: MaintainedTotals;
  /** writes no Activity (the activity log itself, sessions) */
  noActivity?: boolean;
  /**
   * User properties (custom fields, platform README « User properties »): every company-scoped entity built with
   * `Entity()` carries them with nothing to declare; `false` opts out (settings, logs).
   */
  userProps?: false;
}

export type EntityOf<E> = E extends EntityDefinition<infer S> ? Static<S> : never;

export function defineEntity<S extends TObject>(def: EntityDefinition<S>): EntityDefinition<S> {
  if (!/^[a-z][a-z0-9-]*$/.test(def.name)) throw new Error(`entity name "${def.name}" must be kebab-case`);
  if (!def.table.startsWith(`${def.plugin.replace(/-/g, '_')}_`)) {
    throw new Error(`table "${def.table}" of entity "${def.name}" must start with "${def.plugin.replace(/-/g, '_')}_"`);
  }
  for (const field of def.search ?? []) {
    if (!/^[A-Za-z_][A-Za-z0-9_]*$/.test(field)) throw new Error(`search field "${field}" of entity "${def.name}" must be a top-level field`);
  }
  for (const path of Object.keys(def.references ?? {})) {
    if (!/^[A-Za-z_$][\w$]*(\[\])?(\.[A-Za-z_$][\w$]*(\[\])?)*$/.test(path)) {
      throw new Error(`reference path "${path}" of entity "${def.name}" must read like fk.customer or items[].itemId`);
    }
  }
  return def;
}
