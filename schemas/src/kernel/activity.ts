/**
 * The history of changes and events (schemas README « Activity », docs/architecture.md « Data conventions »): every change to
 * an entity writes one, with the JSON Patch of the change. An activity without author (`by` null)
 * is a system activity. Activities are an audit trail: there is no update body.
 */
import { Type, type Static } from '@sinclair/typebox';
import { DateTime, Entity, Id, Nullable, Str, Text } from '../kinds.ts';
import { createInput } from './input.ts';
import { StrEnum } from './str-enum.ts';
import { withDefault } from './with-default.ts';

export const ACTIVITY_TYPES = ['jsonPatch', 'emailSent', 'info'] as const;
export type ActivityType = (typeof ACTIVITY_TYPES)[number];

/** `<plugin>.<collection>`, as in the API path /api/<plugin>/<collection>: `kernel.users`. */
export const OBJECT_TYPE_PATTERN = '^[a-z][a-z0-9-]*\\.[a-zA-Z][a-zA-Z0-9-]*$';

export const Activity = Entity({
  date: DateTime(),
  type: StrEnum(ACTIVITY_TYPES),
  /** jsonPatch: the RFC 6902 operations; emailSent: the message sent; info: free */
  data: Type.Optional(Type.Unknown()),
  tags: Type.Array(Str(), { default: [] }),
  /** the author, or null for the system (kept beside fk.by as the spec lists both) */
  by: withDefault(Nullable(Id()), null),
  description: Type.Optional(Text()),
  /** the kind of entity fk.object points to; not in the spec, needed to resolve fk.object */
  objectType: Type.Optional(Str({ pattern: OBJECT_TYPE_PATTERN })),
}, {
  /** the companies that see it (an activity on a user concerns each of their companies) */
  companies: Type.Array(Id(), { default: [] }),
  company: withDefault(Nullable(Id()), null),
  object: withDefault(Nullable(Id()), null),
  by: withDefault(Nullable(Id()), null),
});
export type Activity = Static<typeof Activity>;

/** For a note written by a person (type info); date and author come from the server. */
export const ActivityCreateInput = createInput(Activity, { serverManaged: ['date', 'by'], required: ['type'] });
export type ActivityCreateInput = Static<typeof ActivityCreateInput>;
