/**
 * What a printed invoice (PDF) and its e-invoice (Factur-X XML) must say alike, in one place: the
 * due date and payment term, who is a professional customer, the legal mentions in their French
 * wording (Code de commerce L441-9, L441-10, D441-5; Code civil 1231-6; CGI 293 B), and the
 * seller's legal identity (legal form, capital, registrations). The PDF prints these texts, the XML
 * writes the very same ones as its notes (BG-1), payment terms (BT-20) and legal information (BT-33).
 */
import { parisDay } from '@comptoir/sdk/commerce';
import type { Receiver, Sender } from '@comptoir/schemas';
import { day, euros } from './pdf/format.ts';
import { VAT_ON_DEBITS_MENTION } from './document-operation.ts';

/** The legal default when nothing else is agreed (L441-10 I): Comptoir has no payment term yet. */
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

/** « Paiement à 30 jours : au plus tard le 24/12/2026. » — printed, and BT-20 of the XML. */
export const paymentTermText = (dueDate: string): string =>
  `Paiement à ${PAYMENT_TERM_DAYS} jours : au plus tard le ${day(dueDate)}.`;

/**
 * What a credit note says instead of a term (nothing is to be paid): printed under « Conditions »,
 * and BT-20 of its XML (BR-CO-25 is met by the text).
 */
export const creditNoteTermText = (sourceNumber: string | null | undefined): string =>
  `Avoir${sourceNumber ? ` sur la facture n° ${sourceNumber}` : ''} : à déduire de vos prochains règlements ou remboursé.`;

const filled = (v: string | null | undefined) => !!v && v.trim() !== '';

/**
 * A professional customer, who owes the commercial penalty rate and the 40 € indemnity: a receiver
 * named by its company, or with a VAT number, SIREN or SIRET (`ids`: what the customer record adds
 * to the receiver snapshot). A receiver with only a personal name is a private customer. Without
 * any name the professional mentions are written: they are the ones a missing mention is fined for.
 */
export function isProfessionalCustomer(
  receiver: Pick<Receiver, 'company' | 'vatNumber' | 'firstname' | 'name'> | null | undefined,
  ids?: { siren?: string | null; siret?: string | null },
): boolean {
  if (filled(receiver?.company) || filled(receiver?.vatNumber) || filled(ids?.siren) || filled(ids?.siret)) return true;
  return !(filled(receiver?.firstname) || filled(receiver?.name));
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
 * VAT) or the option for VAT on debits (`vatOnDebitsApplies` of document-operation.ts), the payment
 * term (when the document has a due date), no discount, the late-payment penalties and the recovery
 * indemnity (worded for a professional or a private customer).
 */
export function invoiceMentions(input: { subjectToVAT: boolean; dueDate: string | null; professional: boolean; vatOnDebits?: boolean }): Mention[] {
  const who = input.professional ? 'professional' : 'private';
  return [
    ...(input.subjectToVAT ? [] : [{ kind: 'vatFranchise' as const, text: `${MENTIONS.vatFranchise}.` }]),
    ...(input.subjectToVAT && input.vatOnDebits ? [{ kind: 'vatOnDebits' as const, text: VAT_ON_DEBITS_MENTION }] : []),
    ...(input.dueDate ? [{ kind: 'term' as const, text: paymentTermText(input.dueDate) }] : []),
    { kind: 'discount', text: MENTIONS.discount },
    { kind: 'penalties', text: MENTIONS.penalties[who] },
    { kind: 'recoveryIndemnity', text: MENTIONS.recoveryIndemnity[who] },
  ];
}

type Identity = Pick<Sender, 'status' | 'capital' | 'siret' | 'siren' | 'naf' | 'rm' | 'vatNumber'>;

/** « SARL au capital de 10 000,00 € » (printed under the name; first part of BT-33). */
export function legalForm(sender: Identity): string | null {
  const capital = sender.capital !== undefined && sender.capital > 0 ? `au capital de ${euros(sender.capital)}` : '';
  const text = [sender.status?.trim(), capital].filter(Boolean).join(' ');
  return text ? text.charAt(0).toUpperCase() + text.slice(1) : null;
}

export type RegistrationKey = 'siret' | 'siren' | 'naf' | 'rm' | 'vatNumber';
const REGISTRATION_LABELS: [RegistrationKey, string][] = [
  ['siret', 'SIRET'], ['siren', 'SIREN'], ['naf', 'Code NAF'], ['rm', 'RM'], ['vatNumber', 'TVA intracommunautaire'],
];

/** The registrations the company has, each « SIRET : 123… », « Code NAF : 1071C »…, in that order. */
export function registrations(sender: Identity): { key: RegistrationKey; text: string }[] {
  return REGISTRATION_LABELS
    .filter(([key]) => filled(sender[key]))
    .map(([key, label]) => ({ key, text: `${label} : ${sender[key]!.trim()}` }));
}

/**
 * The seller's additional legal information (BT-33, and the REG note): legal form and capital,
 * trade register, activity code — worded as printed: « SARL au capital de 10 000,00 € – RM : … –
 * Code NAF : 1071C ». Undefined when the company has none of them.
 */
export function legalInformation(sender: Identity | undefined): string | undefined {
  if (!sender) return undefined;
  const parts = [legalForm(sender), ...registrations(sender).filter((r) => r.key === 'rm' || r.key === 'naf').map((r) => r.text)];
  const text = parts.filter((p): p is string => !!p).join(' – ');
  return text || undefined;
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
