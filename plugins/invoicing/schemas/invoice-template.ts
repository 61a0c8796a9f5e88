/**
 * Recurring invoices (invoicing README « Recurring invoices »; INVOICE_MONTH/INVOICE_YEAR: commerce README « Rules », Mentions):
 * a template holds the content of the invoices it makes (lines, VAT settings, texts) and cron rules
 * saying when and for whom; each run of a rule is written in the run history.
 */
import { Type, type Static } from '@sinclair/typebox';
import {
  DateTime, Entity, Id, LineItem, LineItemInput, Money, Str, StrEnum, Text, VAT_CALCULATION_METHODS, VatDetail,
} from '@comptoir/schemas';
import { ITEMS_TYPES_FOR_DECLARATION } from './invoice.ts';

/** A rule's identifier: what `POST …/:id/run` names, unique within its template. */
const Identifier = (o = {}) => Str({ minLength: 1, maxLength: 100, ...o });

const cronRuleFields = {
  /** 5 fields (minute hour day month weekday), Europe/Paris: « 0 8 1 * * » = the 1st of each month at 8 h */
  cron: Str({ minLength: 1, maxLength: 100 }),
  identifier: Identifier(),
  /** never run by the scheduler: only « Lancer maintenant » (POST …/:id/run) */
  manualOnly: Type.Boolean({ default: false }),
  /** the rule's `customerGroups` replace the template's groups (none: no group) */
  overrideCustomerGroups: Type.Boolean({ default: false }),
  /** the rule's `customers` replace the template's customers */
  overrideCustomers: Type.Boolean({ default: false }),
  customers: Type.Array(Id(), { default: [] }),
  /** addition to the spec: the groups `overrideCustomerGroups` puts in place of the template's */
  customerGroups: Type.Array(Id(), { default: [] }),
};

export const CronRule = Type.Object({
  ...cronRuleFields,
  /**
   * Server-managed: occurrences at or before this instant are never run. Set when the rule is
   * created, when its cron changes and when it stops being manual, so that a rule written on the
   * 15th does not fire at once for the 1st.
   */
  since: Type.Optional(DateTime()),
}, { additionalProperties: false });
export type CronRule = Static<typeof CronRule>;

/** A rule as a person writes it (identifier optional: « regle-1 », « regle-2 »… by default). */
export const CronRuleInput = Type.Object({
  ...cronRuleFields,
  identifier: Type.Optional(Identifier()),
  manualOnly: Type.Optional(Type.Boolean()),
  overrideCustomerGroups: Type.Optional(Type.Boolean()),
  overrideCustomers: Type.Optional(Type.Boolean()),
  customers: Type.Optional(Type.Array(Id())),
  customerGroups: Type.Optional(Type.Array(Id())),
}, { additionalProperties: false });
export type CronRuleInput = Static<typeof CronRuleInput>;

/** What the invoices of a template contain (the commercial-document fields a person writes). */
const contentFields = {
  /** absent: the company's setting when the invoice is made */
  subjectToVAT: Type.Optional(Type.Boolean()),
  vatCalculationMethod: Type.Optional(StrEnum(VAT_CALCULATION_METHODS)),
  freeData: Type.Optional(Text()),
  comment: Type.Optional(Text()),
  invoiceComment: Type.Optional(Text()),
  headerTitle: Type.Optional(Str()),
  headerMessage: Type.Optional(Text()),
};

export const InvoiceTemplate = Entity({
  name: Str({ minLength: 1 }),
  /** each customer's next invoice copies their last invoice of this template (the template's lines for the first) */
  useLastInvoiceAsTemplate: Type.Boolean({ default: false }),
  /** true: the invoices are left as drafts; false: they are emitted at once (number, hash) */
  saveAsDraft: Type.Boolean({ default: true }),
  /** emitted invoices are e-mailed to the customer's invoice receivers (event invoicing.invoice.generated) */
  autoSendByEmail: Type.Boolean({ default: false }),
  cronRules: Type.Array(CronRule, { default: [] }),
  ...contentFields,
  itemsTypeForDeclaration: StrEnum(ITEMS_TYPES_FOR_DECLARATION, { default: 'default' }),
  /** lines; INVOICE_MONTH and INVOICE_YEAR in their labels are replaced on each invoice */
  items: Type.Array(LineItem, { default: [] }),
  /** totals of one invoice, computed with the company's settings when the template is saved */
  exclTaxesPrice: Money({ default: 0 }),
  inclTaxesPrice: Money({ default: 0 }),
  vatAmount: Money({ default: 0 }),
  vatDetails: Type.Array(VatDetail, { default: [] }),
}, {
  company: Id(),
  /** groups of `contacts.customers`: their customers and those of their subgroups */
  customerGroups: Type.Array(Id(), { default: [] }),
  customers: Type.Array(Id(), { default: [] }),
});
export type InvoiceTemplate = Static<typeof InvoiceTemplate>;

const templateInputFields = {
  name: Type.Optional(Str({ minLength: 1 })),
  useLastInvoiceAsTemplate: Type.Optional(Type.Boolean()),
  saveAsDraft: Type.Optional(Type.Boolean()),
  autoSendByEmail: Type.Optional(Type.Boolean()),
  cronRules: Type.Optional(Type.Array(CronRuleInput, { maxItems: 20 })),
  ...contentFields,
  itemsTypeForDeclaration: Type.Optional(StrEnum(ITEMS_TYPES_FOR_DECLARATION)),
  items: Type.Optional(Type.Array(LineItemInput, { maxItems: 500 })),
  fk: Type.Optional(Type.Object({
    customerGroups: Type.Optional(Type.Array(Id())),
    customers: Type.Optional(Type.Array(Id())),
  }, { additionalProperties: false })),
  extradata: Type.Optional(Type.Record(Type.String(), Type.Unknown())),
  userProps: Type.Optional(Type.Record(Type.String(), Type.Unknown())),
};

/** POST /invoice-templates: a name at least; totals and `since` are the server's. */
export const InvoiceTemplateCreateInput = Type.Object({ ...templateInputFields, name: Str({ minLength: 1 }) }, { additionalProperties: false });
export type InvoiceTemplateCreateInput = Static<typeof InvoiceTemplateCreateInput>;
/** PUT /invoice-templates/:id: the given fields replace the stored ones (`cronRules` as a whole). */
export const InvoiceTemplateUpdateInput = Type.Object(templateInputFields, { additionalProperties: false });
export type InvoiceTemplateUpdateInput = Static<typeof InvoiceTemplateUpdateInput>;

/**
 * POST /invoice-templates/:id/run: the rule, and optionally which of its past occurrences (a missed
 * or failed one of the history); by default the rule's latest occurrence at or before now.
 */
export const InvoiceTemplateRunInput = Type.Object({
  identifier: Identifier(),
  occurrence: Type.Optional(DateTime()),
}, { additionalProperties: false });
export type InvoiceTemplateRunInput = Static<typeof InvoiceTemplateRunInput>;

export const TEMPLATE_RUN_STATUSES = ['done', 'failed', 'missed'] as const;
export type TemplateRunStatus = (typeof TEMPLATE_RUN_STATUSES)[number];
export const TEMPLATE_RUN_STATUS_LABELS: Record<TemplateRunStatus, string> = {
  done: 'Effectuée',
  failed: 'En échec',
  missed: 'Manquée',
};

/** A customer a run made no invoice for, and why (in French). */
export const SkippedCustomer = Type.Object({ customer: Id(), reason: Str() }, { additionalProperties: false });

/** One run of a template's rule: scheduled (one occurrence) or by hand. */
export const InvoiceTemplateRun = Entity({
  /** the rule */
  identifier: Str(),
  /** the template's name when it ran (the history outlives a deleted template) */
  templateName: Str({ default: '' }),
  /** the occurrence's instant (a manual run stands for the rule's latest occurrence when it was asked, or the one it named) */
  occurrence: DateTime(),
  manual: Type.Boolean({ default: false }),
  status: StrEnum(TEMPLATE_RUN_STATUSES),
  /** attempts of a failing occurrence (the scheduler retries it) */
  attempts: Type.Integer({ default: 0 }),
  /** the last failure's French message */
  lastError: Type.Optional(Text()),
  invoiceCount: Type.Integer({ default: 0 }),
  skipped: Type.Array(SkippedCustomer, { default: [] }),
}, {
  company: Id(),
  template: Id(),
  /** the invoices made */
  invoices: Type.Array(Id(), { default: [] }),
});
export type InvoiceTemplateRun = Static<typeof InvoiceTemplateRun>;

/** GET /invoice-templates/upcoming: one coming occurrence of a rule. */
export interface UpcomingRun {
  template: string;
  templateName: string;
  identifier: string;
  cron: string;
  occurrence: string;
  /** how many invoices it would make now */
  customerCount: number;
  saveAsDraft: boolean;
  autoSendByEmail: boolean;
  /** total incl. taxes of one invoice from the template's lines */
  inclTaxesPrice: number;
}
