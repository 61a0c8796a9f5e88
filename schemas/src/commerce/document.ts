/**
 * The fields every commercial document shares (invoice, quotation, purchase, receipt; invoicing README « Entities »).
 * Totals and VAT details are computed by the server with the commercial-document engine
 * (`@comptoir/sdk/commerce`); a client never writes them.
 */
import { Type } from '@sinclair/typebox';
import { DateTime, Money, Str, Text } from '../kinds.ts';
import { StrEnum } from '../kernel/str-enum.ts';
import { VAT_CALCULATION_METHODS } from '../kernel/company.ts';
import { LineItem, VatDetail } from './line-item.ts';
import { Sender } from './parties.ts';

export const CommercialDocumentFields = {
  subjectToVAT: Type.Boolean({ default: true }),
  exclTaxesPrice: Money({ default: 0 }),
  inclTaxesPrice: Money({ default: 0 }),
  vatAmount: Money({ default: 0 }),
  /** sorted by rate; empty when not subject to VAT */
  vatDetails: Type.Array(VatDetail, { default: [] }),
  items: Type.Array(LineItem, { default: [] }),
  /** absent until the document is numbered (an invoice draft has none) */
  number: Type.Optional(Type.Integer({ minimum: 1 })),
  /** prefix + zero-padded number + suffix, unique per company and kind */
  numberFull: Type.Optional(Str()),
  date: DateTime(),
  /** free text printed on the document (company's `invoiceFreeData` by default) */
  freeData: Type.Optional(Text()),
  comment: Type.Optional(Text()),
  vatCalculationMethod: StrEnum(VAT_CALCULATION_METHODS, { default: 'rounded-total' }),
  /** the issuing company, snapshotted when the document is emitted */
  sender: Type.Optional(Sender),
};
