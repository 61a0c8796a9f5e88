/**
 * How well a bank operation fits a document (README « Matching », Score): plain functions over
 * plain data, tested without HTTP (test/matching-score.test.ts). Amounts are exact (decimal.js).
 *
 * - amount (50): the part of the operation not matched yet equals what remains to pay; 20 when
 *   the operation pays part of it, 15 when it covers more (one transfer for several invoices);
 * - the document's number (or the supplier's own, or the shop's order number) in the label (40);
 * - one of the customer's bank transfer labels in the label (30), else the name (20);
 * - the date (10): the operation from 5 days before the document to 60 days after it (5 up to 180).
 * An operation of the wrong sign, or dated more than 5 days before the document, never fits; a
 * suggestion needs 40 and something else than the date.
 */
import { Decimal } from 'decimal.js';
import type { MatchDocumentType } from '../../../schemas/index.ts';

export interface MatchDocument {
  type: MatchDocumentType;
  id: string;
  number: string;
  /** what a transfer's label may quote: the document's numbers */
  references: string[];
  name: string;
  /** the customer's `bankTransferLabels` */
  labels: string[];
  date: string | null;
  total: number;
  /** what remains to pay, as the document counts it (a credit note: negative) */
  unpaid: number;
  /** what would move on the bank to settle it: + money in (an invoice), − money out (a purchase, a refund) */
  bankAmount: string;
}

export interface MatchOperation {
  amount: number;
  matchedAmount?: number;
  dateOperation: string;
  label: string;
  originalLabel?: string | null;
}

export interface Fit { score: number; reasons: string[] }

const DAY = 86_400_000;
export const MIN_SCORE = 40;

/** letters and digits only, upper case, accents dropped: « Fact. n° F-2026/012 » → « FACTNF2026012 » */
export const squeeze = (s: string): string =>
  s.normalize('NFD').replace(/[\u0300-\u036f]/g, '').toUpperCase().replace(/[^A-Z0-9]/g, '');

/** words of 3 letters or more, as `squeeze` writes them */
const words = (s: string): string[] =>
  s.normalize('NFD').replace(/[\u0300-\u036f]/g, '').toUpperCase().split(/[^A-Z0-9]+/).filter((w) => w.length >= 3);

const euros = (d: Decimal) => `${d.abs().toFixed(2).replace('.', ',')} €`;

/** what of the operation is not matched yet (same sign as its amount) */
export const remainingOf = (op: MatchOperation): Decimal => new Decimal(op.amount).minus(op.matchedAmount ?? 0);

/** The fit of `doc` for `op`, or null when it cannot be its payment. `text`: the operation's labels squeezed (computed once per operation). */
export function fit(op: MatchOperation, doc: MatchDocument, text = operationText(op)): Fit | null {
  const remaining = remainingOf(op);
  const expected = new Decimal(doc.bankAmount);
  if (remaining.isZero() || expected.isZero() || remaining.isNegative() !== expected.isNegative()) return null;
  const reasons: string[] = [];
  let score = 0;
  let strong = false;

  if (remaining.equals(expected)) { score += 50; strong = true; reasons.push(`Montant égal au reste à payer (${euros(expected)})`); }
  else if (remaining.abs().lt(expected.abs())) { score += 20; reasons.push(`Paiement partiel : ${euros(remaining)} sur ${euros(expected)} restant à payer`); }
  else { score += 15; reasons.push(`L’opération (${euros(remaining)}) couvre le reste à payer (${euros(expected)}) et plus`); }

  const keys = keysOf(doc);
  const reference = keys.references.findIndex((r) => r.length >= 3 && text.squeezed.includes(r));
  if (reference >= 0) { score += 40; strong = true; reasons.push(`Numéro « ${doc.references[reference]} » trouvé dans le libellé`); }

  const label = keys.labels.findIndex((l) => l.length >= 3 && text.squeezed.includes(l));
  if (label >= 0) { score += 30; strong = true; reasons.push(`Libellé de virement « ${doc.labels[label]} » du client trouvé`); }
  else if (keys.name.length && keys.name.every((w) => text.words.has(w))) {
    score += 20; strong = true; reasons.push(`Nom « ${doc.name} » trouvé dans le libellé`);
  }

  if (doc.date) {
    const days = Math.round((Date.parse(op.dateOperation) - Date.parse(doc.date)) / DAY);
    if (days < -5) return null;
    if (days <= 60) { score += 10; reasons.push(days >= 0 ? `${days} jour(s) après le document` : `${-days} jour(s) avant le document`); }
    else if (days <= 180) { score += 5; reasons.push(`${days} jours après le document`); }
  }
  if (!strong || score < MIN_SCORE) return null;
  return { score: Math.min(100, score), reasons };
}

/** words of a company's name that a transfer's label often leaves out */
const LEGAL_FORMS = new Set(['SARL', 'SAS', 'SASU', 'EURL', 'SCI', 'SNC', 'SCOP', 'SELARL', 'ETS', 'STE', 'SOCIETE', 'CIE', 'THE', 'LES', 'DES']);

interface Keys { references: string[]; labels: string[]; name: string[] }
const KEYS = new WeakMap<MatchDocument, Keys>();

/** a document's numbers, labels and name as `fit` compares them, computed once per document */
function keysOf(doc: MatchDocument): Keys {
  let keys = KEYS.get(doc);
  if (!keys) {
    keys = { references: doc.references.map(squeeze), labels: doc.labels.map(squeeze), name: words(doc.name).filter((w) => !LEGAL_FORMS.has(w)) };
    KEYS.set(doc, keys);
  }
  return keys;
}

export interface OperationText { squeezed: string; words: Set<string> }

/** the label and the bank's label, squeezed and in words: what `fit` searches */
export function operationText(op: Pick<MatchOperation, 'label' | 'originalLabel'>): OperationText {
  const both = `${op.label} ${op.originalLabel ?? ''}`;
  return { squeezed: squeeze(both), words: new Set(words(both)) };
}

/** amounts in ten-thousandths of a euro (the stored unit): exact integers to compare and index */
const units = (v: Decimal.Value) => new Decimal(v).times(10_000).round().toNumber();

/** runs of 3 digits or more in a squeezed text */
const digitRuns = (s: string) => s.match(/\d{3,}/g) ?? [];

/**
 * The documents indexed by what makes a fit strong (README « Matching », Score): the exact amount,
 * the digits of their numbers, their customers' transfer labels, the words of their names. `rank`
 * then scores only the documents one of these finds for an operation, not all of them: the same
 * answer as scoring every document (a fit needs one of them), at a cost that does not grow with
 * operations × documents.
 */
export class DocumentIndex {
  private readonly byAmount = new Map<number, MatchDocument[]>();
  private readonly byDigits = new Map<string, MatchDocument[]>();
  /** references without 3 digits in a row: searched in every label */
  private readonly plainReferences: MatchDocument[] = [];
  private readonly byLabel = new Map<string, MatchDocument[]>();
  private readonly byWord = new Map<string, MatchDocument[]>();

  constructor(readonly documents: MatchDocument[]) {
    const add = <K>(map: Map<K, MatchDocument[]>, key: K, doc: MatchDocument) => {
      const list = map.get(key);
      if (!list) map.set(key, [doc]); else if (list[list.length - 1] !== doc) list.push(doc);
    };
    for (const doc of documents) {
      const keys = keysOf(doc);
      add(this.byAmount, units(doc.bankAmount), doc);
      for (const r of keys.references) {
        const runs = digitRuns(r);
        if (runs.length === 0) { if (r.length >= 3) this.plainReferences.push(doc); }
        else for (const run of runs) add(this.byDigits, run, doc);
      }
      for (const l of keys.labels) if (l.length >= 3) add(this.byLabel, l, doc);
      for (const w of keys.name) add(this.byWord, w, doc);
    }
  }

  /** the documents that may fit `op` strongly (a superset: `fit` decides) */
  candidates(op: MatchOperation, text: OperationText): MatchDocument[] {
    const found = new Set<MatchDocument>(this.byAmount.get(units(remainingOf(op))) ?? []);
    for (const run of digitRuns(text.squeezed)) {
      // every stretch of the label's digits that a document's number may be
      for (let i = 0; i + 3 <= run.length; i++) {
        for (let j = i + 3; j <= run.length; j++) for (const d of this.byDigits.get(run.slice(i, j)) ?? []) found.add(d);
      }
    }
    for (const d of this.plainReferences) found.add(d);
    for (const [label, docs] of this.byLabel) if (text.squeezed.includes(label)) for (const d of docs) found.add(d);
    for (const w of text.words) for (const d of this.byWord.get(w) ?? []) found.add(d);
    return [...found];
  }
}

/** the documents that fit, best first (then the oldest document), at most `limit` */
export function rank(op: MatchOperation, docs: MatchDocument[] | DocumentIndex, limit = 5): { doc: MatchDocument; fit: Fit }[] {
  const text = operationText(op);
  const out: { doc: MatchDocument; fit: Fit }[] = [];
  for (const doc of docs instanceof DocumentIndex ? docs.candidates(op, text) : docs) {
    const f = fit(op, doc, text);
    if (f) out.push({ doc, fit: f });
  }
  out.sort((a, b) => b.fit.score - a.fit.score || (a.doc.date ?? '').localeCompare(b.doc.date ?? '') || a.doc.id.localeCompare(b.doc.id));
  return out.slice(0, limit);
}
