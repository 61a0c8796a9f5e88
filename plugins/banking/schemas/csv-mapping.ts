/**
 * Which columns of a bank's CSV export hold what (README « CSV »). Columns are named by their
 * header (as written in the file) or by their position from 0.
 */
import { Type, type Static } from '@sinclair/typebox';
import { Str, StrEnum } from '@comptoir/schemas';

const Column = Type.Union([Str({ minLength: 1 }), Type.Integer({ minimum: 0, maximum: 200 })]);

export const DATE_FORMATS = ['dd/mm/yyyy', 'yyyy-mm-dd', 'dd-mm-yyyy', 'dd.mm.yyyy', 'dd/mm/yy'] as const;
export const DECIMAL_SEPARATORS = [',', '.'] as const;

export const CsvMapping = Type.Object({
  delimiter: Type.Optional(StrEnum([';', ',', '\t', '|'])),
  /** lines before the header (a bank's title, the account's number) */
  skipLines: Type.Optional(Type.Integer({ minimum: 0, maximum: 50 })),
  dateFormat: Type.Optional(StrEnum(DATE_FORMATS)),
  decimalSeparator: Type.Optional(StrEnum(DECIMAL_SEPARATORS)),
  date: Column,
  valueDate: Type.Optional(Column),
  label: Column,
  /** a second label column joined to the first (« Détail de l'écriture ») */
  label2: Type.Optional(Column),
  /** one signed amount, or a debit and a credit column */
  amount: Type.Optional(Column),
  debit: Type.Optional(Column),
  credit: Type.Optional(Column),
}, { additionalProperties: false });
export type CsvMapping = Static<typeof CsvMapping>;
