/**
 * An import of a bank file (README « Import »): what was read and what happened, kept as a record
 * (`GET /imports`), and the form of `POST /imports`.
 */
import { Type, type Static } from '@sinclair/typebox';
import { DateTime, Entity, Id, Str, StrEnum } from '@comptoir/schemas';
import { CsvMapping } from './csv-mapping.ts';

export const IMPORT_FORMATS = ['ofx', 'camt', 'csv', 'aggregator'] as const;
export type ImportFormat = (typeof IMPORT_FORMATS)[number];

export const ImportRejection = Type.Object({ index: Type.Integer(), label: Type.Optional(Str()), reason: Str() }, { additionalProperties: false });
export type ImportRejection = Static<typeof ImportRejection>;

export const ImportAccountReport = Type.Object({
  accountId: Id(),
  name: Str(),
  number: Type.Optional(Str()),
  created: Type.Boolean(),
  added: Type.Integer(),
  duplicates: Type.Integer(),
  rejected: Type.Integer(),
  balance: Type.Number(),
}, { additionalProperties: false });
export type ImportAccountReport = Static<typeof ImportAccountReport>;

export const BankImport = Entity({
  date: DateTime(),
  fileName: Str(),
  format: StrEnum(IMPORT_FORMATS),
  added: Type.Integer({ minimum: 0 }),
  duplicates: Type.Integer({ minimum: 0 }),
  rejected: Type.Array(ImportRejection, { default: [] }),
  accounts: Type.Array(ImportAccountReport, { default: [] }),
  /** rules that failed (spec §8: a warning, nothing changed) */
  warnings: Type.Array(Str(), { default: [] }),
  /** operations the rules changed */
  classified: Type.Integer({ minimum: 0, default: 0 }),
}, { company: Id() });
export type BankImport = Static<typeof BankImport>;

/** the JSON fields of the multipart form, each JSON-encoded (spec 001 §7) */
export const ImportFields = Type.Object({
  /** into this account (else found by the number in the file, or created) */
  accountId: Type.Optional(Id()),
  format: Type.Optional(StrEnum(IMPORT_FORMATS)),
  /** CSV only: the columns (else the account's saved mapping, else recognised from the header) */
  csvMapping: Type.Optional(CsvMapping),
  /** CSV: keep the mapping on the account for the next import (default true) */
  saveMapping: Type.Optional(Type.Boolean()),
  /** apply the rules to what is added (default true) */
  applyRules: Type.Optional(Type.Boolean()),
}, { additionalProperties: false });
export type ImportFields = Static<typeof ImportFields>;

export const ImportMode = Type.Object({ dryRun: Type.Optional(StrEnum(['true', 'false'])) }, { additionalProperties: false });
