/** A version number (schemas README « Version »), shown as major.minor.build. */
import { Type, type Static } from '@sinclair/typebox';

export const Version = Type.Object({
  major: Type.Integer({ minimum: 0 }),
  minor: Type.Integer({ minimum: 0 }),
  build: Type.Integer({ minimum: 0 }),
}, { additionalProperties: false });
export type Version = Static<typeof Version>;

export function formatVersion(v: Version): string {
  return `${v.major}.${v.minor}.${v.build}`;
}
