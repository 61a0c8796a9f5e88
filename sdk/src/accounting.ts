/**
 * Accounting entries contributed by plugins (the FEC export). A plugin that records what the
 * books must show (invoicing: sales, credit notes, payments; purchases; later POS and banking)
 * contributes to invoicing's extension point `invoicing.accounting-entries`
 * (`@comptoir/plugin-invoicing/contract`); the FEC export gathers every contribution, in dependency
 * order, and maps their roles to the company's chart of accounts. Contributing needs no dependency
 * on invoicing: without it, the contribution is left aside.
 *
 * Accounts and journals are named by role (`customer`, `vatCollected`, `sales`…) or given
 * explicitly (an account number starting with 3 digits, a journal code in capitals). Amounts are
 * decimal strings in euros (`'120.50'`), never floats, at most 2 decimals, never negative: a
 * reversal swaps debit and credit.
 */
import { Decimal } from 'decimal.js';
import { ACCOUNT_ROLES, JOURNAL_ROLES, type AccountRole, type JournalRole } from '@comptoir/schemas';

export { ACCOUNT_ROLES, JOURNAL_ROLES };
export type { AccountRole, JournalRole };

/** A fiscal period: ISO instants in UTC, `start` included, `end` excluded (midnights in Paris). */
export interface AccountingPeriod {
  start: string;
  end: string;
}

export interface JournalEntryLine {
  /** a role of the company's chart (`customer`, `salesGoods`…) or an account number (`'627000'`) */
  account: AccountRole | (string & {});
  /** for `vatCollected` / `vatDeductible`: the rate (percent), to use its sub-account */
  vatRate?: number;
  /** the label of an explicit account number that the chart does not list */
  accountLabel?: string;
  /** subsidiary account (a customer, a supplier): FEC CompAuxNum and CompAuxLib */
  auxiliary?: { number: string; label: string };
  /** the line's own label; the entry's `label` otherwise */
  label?: string;
  /** decimal string in euros, e.g. `'120.50'` */
  debit?: string;
  credit?: string;
  /**
   * Lettering (lettrage): lines of one account that settle each other (an invoice's customer line
   * and its payments') share a code; `date` (an ISO instant or a `YYYY-MM-DD` day) is when they
   * were matched. The FEC writes them as EcritureLet and DateLet. A code is the contributor's
   * (at most 3 characters in the FEC's habits, here any short text: the export writes it as given).
   */
  lettering?: { code: string; date: string };
}

export interface JournalEntry {
  /** a journal role (`sales`, `purchases`, `bank`, `cash`, `miscellaneous`) or a code (`'VE'`) */
  journal: JournalRole | (string & {});
  /** accounting date: an ISO instant, or a `YYYY-MM-DD` day (read in Europe/Paris) */
  date: string;
  /** the supporting document's reference (an invoice number) */
  pieceRef: string;
  pieceDate: string;
  label: string;
  lines: JournalEntryLine[];
  /** when the entry became final (emission, recording); defaults to `date` */
  validatedAt?: string;
}

/** An entry with the id of the plugin that contributed it. */
export interface ContributedEntry extends JournalEntry {
  source: string;
}

const AMOUNT = /^\d{1,12}(\.\d{1,2})?$/;

/** A line's amount as an exact decimal; null when it is not a decimal string of euros and cents. */
export function parseAmount(value: string | undefined): Decimal | null {
  if (value === undefined || value === '') return new Decimal(0);
  return typeof value === 'string' && AMOUNT.test(value) ? new Decimal(value) : null;
}

/** Σ debit and Σ credit of an entry (amounts that cannot be read count as 0). */
export function entryTotals(entry: Pick<JournalEntry, 'lines'>): { debit: Decimal; credit: Decimal } {
  let debit = new Decimal(0);
  let credit = new Decimal(0);
  for (const line of entry.lines) {
    debit = debit.plus(parseAmount(line.debit) ?? 0);
    credit = credit.plus(parseAmount(line.credit) ?? 0);
  }
  return { debit, credit };
}

const euros = (d: Decimal) => `${d.toFixed(2).replace('.', ',')} €`;

/**
 * Why an entry cannot go into the books, as the end of a French sentence « L’écriture de la pièce
 * F0000012 … » (or null): no piece reference, no line, a date that cannot be read, an amount that
 * is not a decimal string of euros and cents, or debits that do not equal credits. Plugin authors
 * test their contributions with it; the FEC export refuses the file (409) with it.
 */
export function journalEntryProblem(entry: JournalEntry): string | null {
  if (!entry.pieceRef) return 'n’a pas de référence de pièce';
  if (!Array.isArray(entry.lines) || entry.lines.length === 0) return 'n’a aucune ligne';
  for (const [field, value] of [['date', entry.date], ['pieceDate', entry.pieceDate], ['validatedAt', entry.validatedAt]] as const) {
    if (value === undefined && field === 'validatedAt') continue;
    if (typeof value !== 'string' || Number.isNaN(Date.parse(value))) return `a une date illisible (${field} : « ${String(value)} »)`;
  }
  for (const [i, line] of entry.lines.entries()) {
    if (!line.account) return `a une ligne sans compte (ligne ${i + 1})`;
    for (const side of ['debit', 'credit'] as const) {
      if (parseAmount(line[side]) === null) {
        return `a un montant illisible à la ligne ${i + 1} (${side} : « ${String(line[side])} » ; attendu : des euros en texte, point décimal, 2 décimales au plus, jamais négatifs)`;
      }
    }
  }
  const { debit, credit } = entryTotals(entry);
  if (!debit.equals(credit)) return `n’est pas équilibrée : débit ${euros(debit)}, crédit ${euros(credit)}`;
  return null;
}
