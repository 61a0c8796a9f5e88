/**
 * What a printed invoice (PDF) and its e-invoice (Factur-X XML) must say alike, in one place: the
 * due date and payment term, who is a professional customer, the legal mentions in their French
 * wording (Code de commerce L441-9, L441-10, D441-5; Code civil 1231-6; CGI 293 B), and the
 * seller's legal identity (legal form, capital, registrations). The PDF prints these texts, the XML
 * writes the very same ones as its notes (BG-1), payment terms (BT-20) and legal information (BT-33).
 */
import { parisDay } from '@comptoir/sdk/commerce';
import { sirenOfVatNumber, type Receiver, type Sender } from '@comptoir/schemas';
import { day, euros } from './pdf/format.ts';
import { VAT_ON_DEBITS_MENTION } from './documents/operation.ts';

/** The legal default when nothing else is agreed (L441-10 I). */
export const PAYMENT_TERM_DAYS = 30;
export const RECOVERY_INDEMNITY_EUROS = 40;

const pad = (n: number, width = 2) => String(n).padStart(width, '0');

/**
 * The day an invoice dated `date` is due, 'YYYY-MM-DD': the Paris calendar day `days` days after
 * the invoice's own Paris day. Counted on calendar days, not on 24-hour periods: an invoice issued
 * at 23:30 on 10 March is due on 9 April although a daylight-saving hour lies between.
 */
export function dueDateOf(date: string | Date, days = PAYMENT_TERM_DAYS): string {
  const d = parisDay(date);
  if (!d) throw new Error(`Date illisible : « ${String(date)} »`);
  const due = new Date(Date.UTC(d.year, d.month - 1, d.day + days));
  return `${pad(due.getUTCFullYear(), 4)}-${pad(due.getUTCMonth() + 1)}-${pad(due.getUTCDate())}`;
}

/**
 * The term of a document, in days after its date: the customer's own (snapshotted in the receiver),
 * else the company's (snapshotted in the sender at emission; the company's current one for a
 * draft), else the legal 30 days — documents emitted before terms existed have neither.
 */
export function paymentTermsDaysOf(doc: {
  receiver?: { paymentTermsDays?: number } | null;
  sender?: { paymentTermsDays?: number } | null;
}): number {
  return doc.receiver?.paymentTermsDays ?? doc.sender?.paymentTermsDays ?? PAYMENT_TERM_DAYS;
}

/**
 * « Paiement à 30 jours : au plus tard le 24/12/2026. » (« Paiement à réception : … » for 0 days) —
 * printed, and BT-20 of the XML.
 */
export const paymentTermText = (dueDate: string, days: number = PAYMENT_TERM_DAYS): string =>
  `Paiement ${days === 0 ? 'à réception' : `à ${days} jour${days > 1 ? 's' : ''}`} : au plus tard le ${day(dueDate)}.`;

/**
 * What a credit note says instead of a term (nothing is to be paid): printed under « Conditions »,
 * and BT-20 of its XML (BR-CO-25 is met by the text).
 */
export const creditNoteTermText = (sourceNumber: string | null | undefined): string =>
  `Avoir${sourceNumber ? ` sur la facture n° ${sourceNumber}` : ''} : à déduire de vos prochains règlements ou remboursé.`;

const filled = (v: string | null | undefined) => !!v && v.trim() !== '';

/**
 * A professional customer, who owes the commercial penalty rate and the 40 € indemnity. The
 * customer's own flag (`professional`, snapshotted in the receiver) says it when set. Without it,
 * derived: a receiver named by its company, or with a VAT number, SIREN, SIRET or electronic
 * invoicing address (the receiver's own, or `ids`, what the customer record adds to an older
 * snapshot) is a professional; one with only a personal name is a private customer. Without any
 * name the professional mentions are written: they are the ones a missing mention is fined for.
 */
export function isProfessionalCustomer(
  receiver: Pick<Receiver, 'company' | 'vatNumber' | 'firstname' | 'name' | 'siren' | 'siret' | 'electronicAddress' | 'professional'> | null | undefined,
  ids?: { siren?: string | null; siret?: string | null },
): boolean {
  if (typeof receiver?.professional === 'boolean') return receiver.professional;
  const identified = [receiver?.company, receiver?.vatNumber, receiver?.siren, receiver?.siret, receiver?.electronicAddress, ids?.siren, ids?.siret];
  if (identified.some(filled)) return true;
  return !(filled(receiver?.firstname) || filled(receiver?.name));
}

/**
 * The buyer's SIREN (a 2026 mention, printed and BT-47 of the XML): its own, else the first 9
 * digits of its SIRET, else those of its electronic invoicing address (which starts with it), else
 * the last 9 digits of its French VAT number (FR + key + SIREN, checked when the customer was saved).
 */
export function buyerSiren(receiver: Pick<Receiver, 'siren' | 'siret' | 'electronicAddress' | 'vatNumber'> | null | undefined): string | null {
  const digits = (v: string | undefined) => (v ?? '').replace(/[\s.-]/g, '');
  const siren = digits(receiver?.siren);
  if (/^\d{9}$/.test(siren)) return siren;
  const siret = digits(receiver?.siret);
  if (/^\d{14}$/.test(siret)) return siret.slice(0, 9);
  const fromAddress = /^(\d{9})(?:_|$)/.exec(receiver?.electronicAddress ?? '')?.[1];
  if (fromAddress) return fromAddress;
  return sirenOfVatNumber(digits(receiver?.vatNumber).toUpperCase());
}

export const MENTIONS = {
  vatFranchise: 'TVA non applicable, art. 293 B du CGI',
  discount: 'Pas d’escompte pour paiement anticipé.',
  penalties: {
    professional: 'En cas de retard de paiement, des pénalités de retard sont exigibles au taux d’intérêt appliqué par la Banque centrale européenne à son opération de refinancement la plus récente, majoré de 10 points de pourcentage (art. L441-10 du Code de commerce).',
    private: 'En cas de retard de paiement, des intérêts au taux légal sont dus (art. 1231-6 du Code civil).',
  },
  recoveryIndemnity: {
    professional: `Tout retard de paiement d’un client professionnel entraîne de plein droit une indemnité forfaitaire pour frais de recouvrement de ${RECOVERY_INDEMNITY_EUROS}\u00a0€ (art. L441-10 et D441-5 du Code de commerce).`,
    private: 'Indemnité forfaitaire pour frais de recouvrement : sans objet (client non professionnel).',
  },
} as const;

export type MentionKind = 'vatFranchise' | 'vatOnDebits' | 'term' | 'discount' | 'penalties' | 'recoveryIndemnity';
export interface Mention { kind: MentionKind; text: string }

/**
 * The legal mentions of an invoice, in reading order: the VAT franchise (a company not subject to
 * VAT) or the option for VAT on debits (`vatOnDebitsApplies` of documents/operation.ts), the payment
 * term (when the document has a due date), no discount, the late-payment penalties and the recovery
 * indemnity (worded for a professional or a private customer).
 */
export function invoiceMentions(input: {
  subjectToVAT: boolean; dueDate: string | null; professional: boolean; paymentTermsDays?: number; vatOnDebits?: boolean;
}): Mention[] {
  const who = input.professional ? 'professional' : 'private';
  return [
    ...(input.subjectToVAT ? [] : [{ kind: 'vatFranchise' as const, text: `${MENTIONS.vatFranchise}.` }]),
    ...(input.subjectToVAT && input.vatOnDebits ? [{ kind: 'vatOnDebits' as const, text: VAT_ON_DEBITS_MENTION }] : []),
    ...(input.dueDate ? [{ kind: 'term' as const, text: paymentTermText(input.dueDate, input.paymentTermsDays) }] : []),
    { kind: 'discount', text: MENTIONS.discount },
    { kind: 'penalties', text: MENTIONS.penalties[who] },
    { kind: 'recoveryIndemnity', text: MENTIONS.recoveryIndemnity[who] },
  ];
}

type Identity = Pick<Sender, 'status' | 'capital' | 'siret' | 'siren' | 'naf' | 'rm' | 'vatNumber' | 'rcs'>;

/** « SARL au capital de 10 000,00 € » (printed under the name; first part of BT-33). */
export function legalForm(sender: Identity): string | null {
  const capital = sender.capital !== undefined && sender.capital > 0 ? `au capital de ${euros(sender.capital)}` : '';
  const text = [sender.status?.trim(), capital].filter(Boolean).join(' ');
  return text ? text.charAt(0).toUpperCase() + text.slice(1) : null;
}

export type RegistrationKey = 'siret' | 'siren' | 'rcs' | 'naf' | 'rm' | 'vatNumber';
/** Each registration's label; the RCS reads « RCS Lyon B 552 100 554 », as a Kbis says it (R123-237 of the Code de commerce). */
const REGISTRATION_LABELS: [RegistrationKey, (v: string) => string][] = [
  ['siret', (v) => `SIRET : ${v}`], ['siren', (v) => `SIREN : ${v}`], ['rcs', (v) => `RCS ${v}`],
  ['naf', (v) => `Code NAF : ${v}`], ['rm', (v) => `RM : ${v}`], ['vatNumber', (v) => `TVA intracommunautaire : ${v}`],
];

/** The registrations the company has, each « SIRET : 123… », « RCS Lyon B 552 100 554 », « Code NAF : 1071C »…, in that order. */
export function registrations(sender: Identity): { key: RegistrationKey; text: string }[] {
  return REGISTRATION_LABELS
    .filter(([key]) => filled(sender[key]))
    .map(([key, label]) => ({ key, text: label(sender[key]!.trim()) }));
}

/**
 * The seller's additional legal information (BT-33, and the REG note): legal form and capital,
 * trade registers, activity code — worded as printed: « SARL au capital de 10 000,00 € – RCS Lyon
 * B 552 100 554 – Code NAF : 1071C – RM : … ». Undefined when the company has none of them.
 */
export function legalInformation(sender: Identity | undefined): string | undefined {
  if (!sender) return undefined;
  const parts = [legalForm(sender), ...registrations(sender).filter((r) => r.key === 'rcs' || r.key === 'rm' || r.key === 'naf').map((r) => r.text)];
  const text = parts.filter((p): p is string => !!p).join(' – ');
  return text || undefined;
}

/** « FR76 3000 6000 0112 3456 7890 189 »: an IBAN as printed, in groups of four. */
export const printedIban = (iban: string): string => iban.replace(/\s/g, '').replace(/(.{4})(?=.)/g, '$1 ');

/**
 * The seller's bank details printed in the payment block (the XML's BG-16 carries the same IBAN
 * and BIC): « Règlement par virement : IBAN FR76 3000 … – BIC BNPAFRPPXXX ». Null without IBAN.
 */
export function bankDetailsText(sender: Pick<Sender, 'iban' | 'bic'> | undefined | null): string | null {
  if (!filled(sender?.iban)) return null;
  const bic = filled(sender?.bic) ? ` – BIC ${sender!.bic!.trim()}` : '';
  return `Règlement par virement : IBAN ${printedIban(sender!.iban!)}${bic}`;
}

/**
 * What the company's own text (« Mentions des factures », the document's `freeData`) says on a
 * subject a legal mention covers: the VAT franchise or the VAT on debits, the payment term, a
 * discount, late-payment penalties, the recovery indemnity.
 */
const COVERED: Record<MentionKind, RegExp> = {
  vatFranchise: /293\s*B/i,
  vatOnDebits: /d[ée]bits/i,
  term: /paiement\s+(?:à|a)\s+(?:\d+\s+jours|r[ée]ception)|[ée]ch[ée]ance|d[ée]lai\s+de\s+(?:paiement|r[èe]glement)/i,
  discount: /escompte/i,
  penalties: /p[ée]nalit[ée]s?|int[ée]r[êe]ts?\s+(?:de\s+retard|au\s+taux|l[ée]gaux?)|taux\s+d['’]int[ée]r[êe]t/i,
  recoveryIndemnity: /indemnit[ée]\s+forfaitaire|frais\s+de\s+recouvrement/i,
};

/** A sentence ends at « . », « ! » or « ? » followed by a space, except after an abbreviation (« art. L441-10 »). */
const SENTENCE_END = /(?<!\b(?:art|Art|cf|Cf|ex|etc|al|av|bd|M|Mme|Mlle|MM|n°|No|no|p|pp|réf|Réf|chap|St|Ste))([.!?])\s+/u;

function sentences(line: string): string[] {
  const out: string[] = [];
  let rest = line;
  for (let m = SENTENCE_END.exec(rest); m; m = SENTENCE_END.exec(rest)) {
    out.push(rest.slice(0, m.index + 1));
    rest = rest.slice(m.index + m[0].length);
  }
  if (rest.trim()) out.push(rest);
  return out;
}

/**
 * The company's conditions as an invoice prints them and its XML writes them (AAI note): its
 * « Mentions des factures » without the sentences on a subject a legal mention covers. The legal
 * mentions are computed for each document (the customer's term, professional or private wording,
 * the company's VAT status) and always printed: a company text saying otherwise (« trois fois le
 * taux d’intérêt légal », « 40 € » to a private customer, « Paiement à 30 jours » to a customer at
 * 45) would contradict them, so the computed wording wins on paper and in the XML alike (README
 * « Document rules »). Null when nothing is left.
 */
export function companyConditions(freeData: string | null | undefined): string | null {
  if (!filled(freeData)) return null;
  const covered = Object.values(COVERED);
  const lines = freeData!.split(/\r?\n/).map((line) => sentences(line).filter((s) => !covered.some((re) => re.test(s))).map((s) => s.trim()).join(' '));
  const text = lines.join('\n').replace(/\n{3,}/g, '\n\n').trim();
  return text === '' ? null : text;
}
