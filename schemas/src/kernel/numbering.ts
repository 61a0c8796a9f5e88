/**
 * Numbering settings of a company (platform README « Platform rules and constants », « Numbering »): one counter per document kind
 * and per other numbered record, each with a minimum digit count, a prefix and a suffix.
 * The numbering service takes `next` in the emitting transaction; these helpers only format.
 */
import { Type, type Static, type TObject, type TInteger, type TString } from '@sinclair/typebox';
import { Str } from '../kinds.ts';

/**
 * A counter's key in `Company.numbering`. The kinds themselves belong to the plugins that number
 * records (`definePlugin({ numberingKinds })`, checked at boot); this schema keeps only their shape,
 * so that a kind stored for a plugin since removed stays valid and is kept untouched.
 */
export const NUMBERING_KIND_PATTERN = '^[a-z][a-zA-Z0-9]{0,39}$';
export type NumberingKind = string;

/** Defaults (platform README « Platform rules and constants »): documents and tickets show at least 7 digits, the other counters 1. */
export const DOCUMENT_MIN_DIGITS = 7;
export const COUNTER_MIN_DIGITS = 1;

type TNumberingSetting = TObject<{ next: TInteger; minDigits: TInteger; prefix: TString; suffix: TString }>;

const numberingSetting = (minDigits: number): TNumberingSetting => Type.Object({
  next: Type.Integer({ minimum: 1, default: 1 }),
  minDigits: Type.Integer({ minimum: 0, maximum: 30, default: minDigits }),
  prefix: Str({ default: '' }),
  suffix: Str({ default: '' }),
}, { additionalProperties: false, default: {} });

export const DocumentNumberingSetting = numberingSetting(DOCUMENT_MIN_DIGITS);
export const CounterNumberingSetting = numberingSetting(COUNTER_MIN_DIGITS);
export type NumberingSetting = Static<TNumberingSetting>;

/**
 * One setting as sent or stored: any part may be missing, the numbering service fills the rest
 * with the defaults of the declared kind (the schema cannot know whether a kind is a document).
 */
export const NumberingSettingInput = Type.Object({
  next: Type.Optional(Type.Integer({ minimum: 1 })),
  minDigits: Type.Optional(Type.Integer({ minimum: 0, maximum: 30 })),
  prefix: Type.Optional(Str()),
  suffix: Type.Optional(Str()),
}, { additionalProperties: false });

/** kind → setting; which kinds are accepted is decided by the loaded plugins, not here. */
export const Numbering = Type.Record(Type.String({ pattern: NUMBERING_KIND_PATTERN }), NumberingSettingInput, { default: {}, additionalProperties: false });
export type Numbering = Record<NumberingKind, Partial<NumberingSetting>>;

/**
 * `prefix` + the number left-padded with zeros to `minDigits` + `suffix` (platform README « Platform rules and constants », « Numbering »).
 * A number longer than minDigits is kept whole.
 */
export function formatDocumentNumber(
  setting: { minDigits: number; prefix?: string; suffix?: string }, number: number,
): string {
  if (!Number.isSafeInteger(number) || number < 0) {
    throw new RangeError(`Document number must be a non-negative integer, got ${number}`);
  }
  return `${setting.prefix ?? ''}${String(number).padStart(setting.minDigits, '0')}${setting.suffix ?? ''}`;
}

export const ARCHIVE_FREQUENCIES = ['daily', 'monthly', 'yearly', 'fiscal-yearly'] as const;
export type ArchiveFrequency = (typeof ARCHIVE_FREQUENCIES)[number];

const ARCHIVE_COUNTERS = {
  daily: 'archiveDaily',
  monthly: 'archiveMonthly',
  yearly: 'archiveYearly',
  'fiscal-yearly': 'archiveFiscalYearly',
} as const satisfies Record<ArchiveFrequency, NumberingKind>;
export type ArchiveCounterKind = (typeof ARCHIVE_COUNTERS)[ArchiveFrequency];

/** The specification’s message, verbatim (spelling included). */
export const INVALID_ARCHIVE_FREQUENCY_MESSAGE = 'Invalid Archive Frequency to determine the next document sequencial number';

/** The counter an archive of this frequency takes its number from; any other value is an error. */
export function archiveCounterKind(frequency: string): ArchiveCounterKind {
  if (!Object.hasOwn(ARCHIVE_COUNTERS, frequency)) throw new Error(INVALID_ARCHIVE_FREQUENCY_MESSAGE);
  return ARCHIVE_COUNTERS[frequency as ArchiveFrequency];
}
