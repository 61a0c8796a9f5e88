/**
 * A receipt (spec §3 « Receipt »: the commercial document + cashRegisterNumber, userName,
 * receiptComment). Phase 1 declares only its frame: invoicing's and purchases' optional references
 * name `pos.receipts` (`fk.receipt`), which must exist as soon as this plugin is loaded. No route
 * writes it yet; phase 2 adds the document's fields (README « What comes next »).
 */
import { Type, type Static } from '@sinclair/typebox';
import { DateTime, Entity, Id, Money, Str, Text } from '@comptoir/schemas';

export const Receipt = Entity({
  number: Type.Integer({ minimum: 1 }),
  numberFull: Str(),
  date: DateTime(),
  cashRegisterNumber: Type.Optional(Str()),
  userName: Type.Optional(Str()),
  receiptComment: Type.Optional(Text()),
  inclTaxesPrice: Money(),
  hash: Str({ pattern: '^[0-9a-f]{64}$' }),
}, {
  company: Id(),
  cashRegister: Id(),
});
export type Receipt = Static<typeof Receipt>;
