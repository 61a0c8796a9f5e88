/**
 * Who issues and who receives a commercial document (commerce README). Both are snapshots copied into
 * the document: an invoice keeps the legal mentions and the address it was issued with even if
 * the company or the customer changes later.
 */
import { customerDisplayName } from './party-names.ts';
import { clipText } from '../kinds.ts';
import { Type, type Static } from '@sinclair/typebox';
import { Money, Str } from '../kinds.ts';
import { Address } from '../kernel/address.ts';

/** The issuing company as printed on the document; copied at emission. */
export const Sender = Type.Object({
  name: Type.Optional(Str()),
  /** share capital, in euros */
  capital: Type.Optional(Money()),
  address: Type.Optional(Address),
  naf: Type.Optional(Str()),
  rm: Type.Optional(Str()),
  siren: Type.Optional(Str()),
  siret: Type.Optional(Str()),
  /** legal form (SARL, SAS, EI…) */
  status: Type.Optional(Str()),
  telBusiness: Type.Optional(Str()),
  telMobile: Type.Optional(Str()),
  vatNumber: Type.Optional(Str()),
  // not in the spec (issue 13, commerce README « Sender »): absent from documents emitted before
  rcs: Type.Optional(Str()),
  iban: Type.Optional(Str()),
  bic: Type.Optional(Str()),
  vatOnDebits: Type.Optional(Type.Boolean()),
  paymentTermsDays: Type.Optional(Type.Integer({ minimum: 0 })),
}, { additionalProperties: false });
export type Sender = Static<typeof Sender>;

/**
 * The customer (or company) the document is addressed to. An address is copied only when exactly
 * one of the customer's addresses is flagged for that use (commerce README).
 */
export const Receiver = Type.Object({
  civ: Type.Optional(Str()),
  company: Type.Optional(Str()),
  firstname: Type.Optional(Str()),
  name: Type.Optional(Str()),
  telHome: Type.Optional(Str()),
  telMobile: Type.Optional(Str()),
  vatNumber: Type.Optional(Str()),
  invoicingAddress: Type.Optional(Address),
  deliveryAddress: Type.Optional(Address),
  // not in the spec (issue 13, commerce README « Receiver »): a customer's invoicing identifiers
  siren: Type.Optional(Str()),
  siret: Type.Optional(Str()),
  electronicAddress: Type.Optional(Str()),
  professional: Type.Optional(Type.Boolean()),
  paymentTermsDays: Type.Optional(Type.Integer({ minimum: 0 })),
}, { additionalProperties: false });
export type Receiver = Static<typeof Receiver>;

/**
 * What lists of documents search and show for their receiver: the customer display rule
 * (contacts README « Entities »), « company (firstname name) » or the personal name; undefined without a receiver.
 */
export function receiverNameOf(receiver: { company?: string; firstname?: string; name?: string } | undefined | null): string | undefined {
  if (!receiver) return undefined;
  return clipText(customerDisplayName(receiver)) || undefined;
}
