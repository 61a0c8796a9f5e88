/** French labels of the numbering counters (spec 000 §3 "Company", §9). */
import {
  COUNTER_NUMBERING_KINDS, DOCUMENT_NUMBERING_KINDS, type Numbering, type NumberingKind, type NumberingSetting,
} from '@comptoir/schemas';

export const NUMBERING_LABELS: Record<NumberingKind, string> = {
  invoice: 'Factures',
  quotation: 'Devis',
  purchase: 'Achats',
  order: 'Commandes',
  receipt: 'Tickets de caisse',
  zReceipt: 'Tickets Z',
  xReceipt: 'Tickets X',
  cashRegister: 'Caisses',
  paymentReceipt: 'Paiements de tickets',
  paymentInvoice: 'Paiements de factures',
  paymentPurchase: 'Paiements d’achats',
  paymentExternalPurchase: 'Paiements d’achats externes',
  archiveDaily: 'Archives journalières',
  archiveMonthly: 'Archives mensuelles',
  archiveYearly: 'Archives annuelles',
  archiveFiscalYearly: 'Archives d’exercice',
};

export { COUNTER_NUMBERING_KINDS, DOCUMENT_NUMBERING_KINDS };

/** Form values of one counter: NumberInput gives '' while the field is empty. */
export interface NumberingRowValues {
  next: number | string;
  minDigits: number | string;
  prefix: string;
  suffix: string;
}

export type NumberingValues = Record<NumberingKind, NumberingRowValues>;

const KINDS = [...DOCUMENT_NUMBERING_KINDS, ...COUNTER_NUMBERING_KINDS] as const;

/** The stored settings, with the spec's defaults (7 digits for documents, 1 for the others) where one is missing. */
export function numberingValues(stored: Partial<Numbering> | undefined): NumberingValues {
  const out = {} as NumberingValues;
  for (const kind of KINDS) {
    const documentKind = (DOCUMENT_NUMBERING_KINDS as readonly string[]).includes(kind);
    const s: Partial<NumberingSetting> = stored?.[kind] ?? {};
    out[kind] = { next: s.next ?? 1, minDigits: s.minDigits ?? (documentKind ? 7 : 1), prefix: s.prefix ?? '', suffix: s.suffix ?? '' };
  }
  return out;
}

const toInt = (v: number | string, fallback: number): number => {
  const n = typeof v === 'number' ? v : Number(String(v).replace(',', '.'));
  return Number.isSafeInteger(n) ? n : fallback;
};

/** The whole `numbering` object PUT expects. */
export function numberingBody(values: NumberingValues): Numbering {
  const out = {} as Numbering;
  for (const kind of KINDS) {
    const v = values[kind];
    out[kind] = { next: toInt(v.next, 1), minDigits: toInt(v.minDigits, 0), prefix: v.prefix, suffix: v.suffix };
  }
  return out;
}
