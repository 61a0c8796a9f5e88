/**
 * The FEC export of a fiscal year (issue 6): the entries of every plugin (the contributions to
 * `invoicing.accounting-entries`, invoicing's own included), each checked (debits equal credits, readable amounts and dates:
 * otherwise 409 naming the piece and nothing is produced), its roles mapped to the company's chart
 * (chart.ts), then numbered in one continuous sequence in the order they were validated.
 */
import { Decimal } from 'decimal.js';
import {
  conflict, entryTotals, journalEntryProblem, parseAmount,
  type AccountingPeriod, type CallContext, type ContributedEntry,
} from '@comptoir/sdk';
import { accountingEntries } from '../../../contract.ts';
import { parisDay } from '@comptoir/sdk/commerce';
import type { Chart } from '../../../schemas/index.ts';
import { companies } from '../deps.ts';
import { chartService, resolveAccount, resolveJournal } from './chart.ts';
import { dayText, fecFileName, fiscalYearNotFound, fiscalYearOf, missingFiscalYear, type FecFiscalYear } from './fec-period.ts';
import { encodeFec, fecAmount, fecDate, fecFileText, type FecRecord } from './fec-format.ts';

export interface FecJournalTotal { code: string; label: string; entries: number; debit: string; credit: string }

export interface FecBuild {
  records: FecRecord[];
  entries: number;
  debit: string;
  credit: string;
  journals: FecJournalTotal[];
}

const refused = (entry: ContributedEntry, problem: string) => conflict(
  `Export FEC impossible : l’écriture de la pièce « ${entry.pieceRef} » (${entry.source}) ${problem}. Aucun fichier n’a été produit.`,
  [{ field: 'pieceRef', message: `${entry.pieceRef} : ${problem}` }],
);

const dayOf = (date: string) => dayText(parisDay(date)!);

/** One entry's records, its roles mapped to the chart (EcritureNum set later); 409 if it cannot be. */
function entryRecords(entry: ContributedEntry, chart: Chart): FecRecord[] {
  const journal = resolveJournal(chart, entry.journal);
  if (!journal) throw refused(entry, `nomme un journal inconnu (« ${entry.journal} »)`);
  const records: FecRecord[] = [];
  // the entry's three days, once for all its lines
  const entryDate = fecDate(dayOf(entry.date));
  const pieceDate = fecDate(dayOf(entry.pieceDate));
  const validDate = fecDate(dayOf(entry.validatedAt ?? entry.date));
  for (const line of entry.lines) {
    const debit = parseAmount(line.debit)!;
    const credit = parseAmount(line.credit)!;
    if (debit.isZero() && credit.isZero()) continue;
    const account = resolveAccount(chart, line);
    if (!account) throw refused(entry, `nomme un compte inconnu (« ${line.account} »)`);
    records.push({
      JournalCode: journal.code, JournalLib: journal.label, EcritureNum: '',
      EcritureDate: entryDate,
      CompteNum: account.number, CompteLib: account.label,
      CompAuxNum: line.auxiliary?.number ?? '', CompAuxLib: line.auxiliary ? line.auxiliary.label : '',
      PieceRef: entry.pieceRef, PieceDate: pieceDate,
      EcritureLib: line.label || entry.label,
      Debit: fecAmount(debit), Credit: fecAmount(credit),
      EcritureLet: line.lettering?.code ?? '', DateLet: line.lettering ? fecDate(dayOf(line.lettering.date)) : '', ValidDate: validDate,
      Montantdevise: '', Idevise: '',
    });
  }
  return records;
}

/**
 * The records of the fiscal year: entries dated in it, checked, mapped, sorted by validation
 * (then date, journal, piece) and numbered 1, 2, 3… Debits equal credits per entry and overall.
 */
export function buildFec(all: ContributedEntry[], chart: Chart, year: Pick<FecFiscalYear, 'firstDay' | 'lastDay'>): FecBuild {
  const inYear: { entry: ContributedEntry; records: FecRecord[]; at: number }[] = [];
  for (const entry of all) {
    const problem = journalEntryProblem(entry);
    if (problem) throw refused(entry, problem);
    const day = dayOf(entry.date);
    if (day < year.firstDay || day > year.lastDay) continue;
    const records = entryRecords(entry, chart);
    if (records.length > 0) inYear.push({ entry, records, at: Date.parse(entry.validatedAt ?? entry.date) });
  }
  inYear.sort((a, b) => a.at - b.at
    || a.records[0].EcritureDate.localeCompare(b.records[0].EcritureDate)
    || a.records[0].JournalCode.localeCompare(b.records[0].JournalCode)
    || a.entry.pieceRef.localeCompare(b.entry.pieceRef));

  let debit = new Decimal(0);
  let credit = new Decimal(0);
  const journals = new Map<string, { label: string; entries: number; debit: Decimal; credit: Decimal }>();
  const records: FecRecord[] = [];
  inYear.forEach(({ entry, records: lines }, i) => {
    const totals = entryTotals(entry);
    const j = journals.get(lines[0].JournalCode) ?? { label: lines[0].JournalLib, entries: 0, debit: new Decimal(0), credit: new Decimal(0) };
    journals.set(lines[0].JournalCode, { ...j, entries: j.entries + 1, debit: j.debit.plus(totals.debit), credit: j.credit.plus(totals.credit) });
    debit = debit.plus(totals.debit);
    credit = credit.plus(totals.credit);
    for (const r of lines) records.push({ ...r, EcritureNum: String(i + 1) });
  });
  // each entry balances, so the file does; checked again as the law asks of the whole file
  if (!debit.equals(credit)) throw conflict(`Export FEC impossible : le total des débits (${fecAmount(debit)} €) diffère de celui des crédits (${fecAmount(credit)} €).`);
  return {
    records,
    entries: inYear.length,
    debit: debit.toFixed(2),
    credit: credit.toFixed(2),
    journals: [...journals].map(([code, j]) => ({ code, label: j.label, entries: j.entries, debit: j.debit.toFixed(2), credit: j.credit.toFixed(2) })),
  };
}

export interface FecExport extends FecBuild {
  fiscalYear: FecFiscalYear;
  fileName: string;
}

/**
 * The entries of every plugin contributing to `invoicing.accounting-entries` (this one included),
 * in dependency order, each read in its contributor's own context and tagged with its id. Checking
 * them is `buildFec`'s job (`journalEntryProblem`).
 */
export async function contributedEntries(ctx: CallContext, period: AccountingPeriod): Promise<ContributedEntry[]> {
  const out: ContributedEntry[] = [];
  for (const c of ctx.contributions(accountingEntries)) {
    for (const entry of await c.value.journalEntries(c.ctx, { ...period })) out.push({ ...entry, source: c.plugin });
  }
  return out;
}

export function fecService(ctx: CallContext) {
  return {
    /** 404 for a year the company never had (`missingFiscalYear`), 409 without a SIREN or with a bad entry. */
    async build(year: number): Promise<FecExport> {
      const company = await companies(ctx).current();
      const fiscalYear = fiscalYearOf(company, year, ctx.now);
      const fileName = fecFileName(company.siren, fiscalYear.lastDay);
      const chart = await chartService(ctx).get();
      const built = buildFec(await contributedEntries(ctx, fiscalYear.period), chart, fiscalYear);
      const missing = missingFiscalYear(company, fiscalYear, ctx.now, built.entries > 0);
      if (missing) throw fiscalYearNotFound(missing);
      return { fiscalYear, fileName, ...built };
    },
    /** The file: its bytes in ISO 8859-15. */
    async file(year: number): Promise<{ fileName: string; bytes: Buffer; fiscalYear: FecFiscalYear }> {
      const built = await this.build(year);
      return { fileName: built.fileName, bytes: encodeFec(fecFileText(built.records)), fiscalYear: built.fiscalYear };
    },
  };
}
export type FecService = ReturnType<typeof fecService>;
