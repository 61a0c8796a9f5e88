/**
 * An entity is declared once, as data: its collection name, its table, its schema and whether it
 * belongs to a company. The kernel derives columns, validation and the repository from it.
 */
import type { TObject, Static } from '@sinclair/typebox';

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
  /** fields never returned by the API (password hashes, token hashes) */
  hidden?: string[];
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
  /** writes no Activity (the activity log itself, sessions) */
  noActivity?: boolean;
  /**
   * User properties (custom fields, spec 001 §3): every company-scoped entity built with
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
  return def;
}
