/**
 * Numbering settings of a company (spec 000 §3 "Company", §5, §9): one counter per document kind
 * and per other numbered record, each with a minimum digit count, a prefix and a suffix.
 * The numbering service takes `next` in the emitting transaction; these helpers only format.
 */
import { Type, type Static, type TObject, type TInteger, type TString } from '@sinclair/typebox';
import { Str } from '../kinds.ts';

/** Commercial documents and tickets: numbers start at 1 and show at least 7 digits. */
export const DOCUMENT_NUMBERING_KINDS = [
  'invoice', 'quotation', 'purchase', 'order', 'receipt', 'zReceipt', 'xReceipt',
] as const;

/** The other counters: they start at 1, with no padding. */
export const COUNTER_NUMBERING_KINDS = [
  'cashRegister', 'paymentReceipt', 'paymentInvoice', 'paymentPurchase', 'paymentExternalPurchase',
  'archiveDaily', 'archiveMonthly', 'archiveYearly', 'archiveFiscalYearly',
] as const;

export const NUMBERING_KINDS = [...DOCUMENT_NUMBERING_KINDS, ...COUNTER_NUMBERING_KINDS] as const;
export type NumberingKind = (typeof NUMBERING_KINDS)[number];

type TNumberingSetting = TObject<{ next: TInteger; minDigits: TInteger; prefix: TString; suffix: TString }>;

const numberingSetting = (minDigits: number): TNumberingSetting => Type.Object({
  next: Type.Integer({ minimum: 1, default: 1 }),
  minDigits: Type.Integer({ minimum: 0, maximum: 30, default: minDigits }),
  prefix: Str({ default: '' }),
  suffix: Str({ default: '' }),
}, { additionalProperties: false, default: {} });

export const DocumentNumberingSetting = numberingSetting(7);
export const CounterNumberingSetting = numberingSetting(1);
export type NumberingSetting = Static<TNumberingSetting>;

const entries = <K extends string>(kinds: readonly K[], setting: TNumberingSetting) =>
  Object.fromEntries(kinds.map((kind) => [kind, setting])) as Record<K, TNumberingSetting>;

export const Numbering = Type.Object({
  ...entries(DOCUMENT_NUMBERING_KINDS, DocumentNumberingSetting),
  ...entries(COUNTER_NUMBERING_KINDS, CounterNumberingSetting),
}, { additionalProperties: false, default: {} });
export type Numbering = Static<typeof Numbering>;

/**
 * `prefix` + the number left-padded with zeros to `minDigits` + `suffix` (spec 000 §5).
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

/** Spec 000 §8, verbatim (spelling included). */
export const INVALID_ARCHIVE_FREQUENCY_MESSAGE = 'Invalid Archive Frequency to determine the next document sequencial number';

/** The counter an archive of this frequency takes its number from; any other value is an error. */
export function archiveCounterKind(frequency: string): ArchiveCounterKind {
  if (!Object.hasOwn(ARCHIVE_COUNTERS, frequency)) throw new Error(INVALID_ARCHIVE_FREQUENCY_MESSAGE);
  return ARCHIVE_COUNTERS[frequency as ArchiveFrequency];
}
