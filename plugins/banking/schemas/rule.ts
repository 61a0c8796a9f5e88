/**
 * An automatic classification rule (spec §3 « OperationRule », §4, §5): detection conditions, all of
 * which must match, and the actions then applied. README « Rules ».
 */
import { Type, type Static } from '@sinclair/typebox';
import { DateTime, Entity, Id, Money, Nullable, Str, StrEnum } from '@comptoir/schemas';
import { TRANSACTION_MODES } from './operation.ts';

export const AMOUNT_MODES = ['eq', 'neq', 'lt', 'gt', 'lte', 'gte', 'between'] as const;
export type AmountMode = (typeof AMOUNT_MODES)[number];
export const LABEL_MODES = ['eq', 'contains', 'startsWith', 'endsWith', 'regex'] as const;
export type LabelMode = (typeof LABEL_MODES)[number];

/** the signed amount compared with `value` (or between `min` and `max`, both included) */
export const AmountCondition = Type.Object({
  mode: StrEnum(AMOUNT_MODES),
  value: Type.Optional(Nullable(Money())),
  min: Type.Optional(Nullable(Money())),
  max: Type.Optional(Nullable(Money())),
}, { additionalProperties: false });
export type AmountCondition = Static<typeof AmountCondition>;

export const LabelCondition = Type.Object({
  mode: StrEnum(LABEL_MODES),
  value: Str({ maxLength: 500 }),
  caseSensitive: Type.Optional(Type.Boolean()),
}, { additionalProperties: false });
export type LabelCondition = Static<typeof LabelCondition>;

export const RuleDetection = Type.Object({
  amount: Type.Optional(Nullable(AmountCondition)),
  label: Type.Optional(Nullable(LabelCondition)),
  /** one or several accounts; none: every account */
  accounts: Type.Optional(Type.Array(Id(), { maxItems: 100 })),
}, { additionalProperties: false });
export type RuleDetection = Static<typeof RuleDetection>;

export const RuleActions = Type.Object({
  category: Type.Optional(Nullable(Id())),
  subCategory: Type.Optional(Nullable(Id())),
  /** `$1`, `$2`… are the groups captured by a regex label condition */
  label: Type.Optional(Nullable(Str())),
  location: Type.Optional(Nullable(Str())),
  transactionMode: Type.Optional(Nullable(StrEnum(TRANSACTION_MODES))),
}, { additionalProperties: false });
export type RuleActions = Static<typeof RuleActions>;

export const OperationRule = Entity({
  name: Str({ minLength: 1 }),
  detection: RuleDetection,
  actions: RuleActions,
  /** not in the spec: a disabled rule is kept but never applied */
  enabled: Type.Boolean({ default: true }),
  /** not in the spec: rules apply in this order (then by creation), a later one wins */
  order: Type.Integer({ default: 0 }),
}, { company: Id() });
export type OperationRule = Static<typeof OperationRule>;

export const RuleInput = Type.Object({
  name: Type.Optional(Str({ minLength: 1 })),
  detection: Type.Optional(RuleDetection),
  actions: Type.Optional(RuleActions),
  enabled: Type.Optional(Type.Boolean()),
  order: Type.Optional(Type.Integer({ minimum: -1000000, maximum: 1000000 })),
}, { additionalProperties: false });
export type RuleInput = Static<typeof RuleInput>;

/** `POST /rules/apply`: the rules (all enabled ones, or those named) over a date range */
export const ApplyRulesInput = Type.Object({
  startDate: Type.Optional(DateTime()),
  endDate: Type.Optional(DateTime()),
  rules: Type.Optional(Type.Array(Id(), { maxItems: 500 })),
  /** a rule not saved yet (the editor's live preview); with dryRun only */
  rule: Type.Optional(Type.Object({ detection: RuleDetection, actions: RuleActions }, { additionalProperties: false })),
  accounts: Type.Optional(Type.Array(Id(), { maxItems: 100 })),
  dryRun: Type.Optional(Type.Boolean()),
  /** at most this many changes listed in the answer (all are applied) */
  limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 1000 })),
}, { additionalProperties: false });
export type ApplyRulesInput = Static<typeof ApplyRulesInput>;

export interface RuleChange {
  operationId: string;
  dateOperation: string;
  amount: number;
  ruleIds: string[];
  before: Record<string, unknown>;
  after: Record<string, unknown>;
}

export interface RuleWarning { ruleId: string | null; name: string; message: string; operationId?: string }

export interface ApplyRulesAnswer {
  dryRun: boolean;
  examined: number;
  changed: number;
  changes: RuleChange[];
  warnings: RuleWarning[];
}
