/** A recurring contract (spec §3 « OperationContract »): a subscription, an insurance, a loan. */
import { Type, type Static } from '@sinclair/typebox';
import { DateTime, Entity, Id, Nullable, Str, StrEnum, Text } from '@comptoir/schemas';

export const FREQUENCIES = ['none', 'weekly', 'monthly', 'bimonthly', 'quarterly', 'half-yearly', 'yearly'] as const;
export type Frequency = (typeof FREQUENCIES)[number];

export const OperationContract = Entity({
  name: Str({ minLength: 1 }),
  /** the label its payments carry on the statement */
  label: Type.Optional(Str()),
  companyAddress: Type.Optional(Text()),
  paymentFrequency: StrEnum(FREQUENCIES, { default: 'monthly' }),
  renewFrequency: StrEnum(FREQUENCIES, { default: 'yearly' }),
  /** money received (true) or paid */
  credit: Type.Boolean({ default: false }),
  firstPaymentDate: Type.Optional(Nullable(DateTime())),
  startDate: Type.Optional(Nullable(DateTime())),
}, {
  company: Id(),
  category: Type.Optional(Nullable(Id())),
  subCategory: Type.Optional(Nullable(Id())),
});
export type OperationContract = Static<typeof OperationContract>;

/** what the routes answer: the contract and its next expected payments (computed, never stored) */
export type ContractView = OperationContract & { nextPayments: string[]; nextRenewal: string | null };

export const ContractInput = Type.Object({
  name: Type.Optional(Str({ minLength: 1 })),
  label: Type.Optional(Str()),
  companyAddress: Type.Optional(Text()),
  paymentFrequency: Type.Optional(StrEnum(FREQUENCIES)),
  renewFrequency: Type.Optional(StrEnum(FREQUENCIES)),
  credit: Type.Optional(Type.Boolean()),
  firstPaymentDate: Type.Optional(Nullable(DateTime())),
  startDate: Type.Optional(Nullable(DateTime())),
  fk: Type.Optional(Type.Object({
    category: Type.Optional(Nullable(Id())),
    subCategory: Type.Optional(Nullable(Id())),
  }, { additionalProperties: false })),
}, { additionalProperties: false });
export type ContractInput = Static<typeof ContractInput>;
