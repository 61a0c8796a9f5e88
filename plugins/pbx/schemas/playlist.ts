/**
 * Playlists of waiting music (spec 001 §3 « PlayList », « PlayListItem »; §4 the time-of-year modes).
 */
import { Type, type Static } from '@sinclair/typebox';
import { Entity, Id, Str, Text, Nullable } from '@comptoir/schemas';

/** spec §4, in that order: everytime, out of any time of year, in the selected ones, not in the selected ones */
export const TIME_OF_YEAR_MODES = ['everytime', 'out-of-any-time-of-year', 'in-selected-time-of-year', 'not-in-selected-time-of-year'] as const;
export type TimeOfYearMode = (typeof TIME_OF_YEAR_MODES)[number];

export const PlayListItem = Type.Object({
  /** spec: type audio (the only one) */
  // optional in a body: the entity's derive fills the defaults in every stored item
  type: Type.Optional(Type.Literal('audio', { default: 'audio' })),
  timeOfYearMode: Type.Optional(Type.Union(TIME_OF_YEAR_MODES.map((m) => Type.Literal(m)), { default: 'everytime' })),
  enabled: Type.Optional(Type.Boolean({ default: true })),
  /** not in the spec: what to play — an audio file name on the Asterisk side (sounds folder, no extension) */
  audioFile: Type.Optional(Str({ pattern: '^[A-Za-z0-9_/.-]*$' })),
  /** not in the spec: a French sentence spoken (espeak-ng) when there is no audio file */
  ttsMessage: Type.Optional(Text({ maxLength: 2000 })),
  fk: Type.Optional(Type.Object({ timesOfYear: Type.Optional(Type.Array(Id(), { default: [] })) }, { additionalProperties: false, default: { timesOfYear: [] } })),
}, { additionalProperties: false });
export type PlayListItem = Static<typeof PlayListItem>;

/** An item with the spec's defaults: type audio, everytime, enabled, no period. */
export const playListItemWithDefaults = (i: PlayListItem): PlayListItem => ({
  ...i, type: 'audio', timeOfYearMode: i.timeOfYearMode ?? 'everytime', enabled: i.enabled ?? true, fk: { timesOfYear: i.fk?.timesOfYear ?? [] },
});

export const PlayList = Entity({
  name: Str({ minLength: 1 }),
  items: Type.Array(PlayListItem, { default: [], maxItems: 200 }),
}, { company: Id(), server: Type.Optional(Nullable(Id())) });
export type PlayList = Static<typeof PlayList>;
