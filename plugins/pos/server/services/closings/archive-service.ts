/**
 * `POST /api/pos/archives` (README « Archives »): the archive of a period, computed from the level
 * below with `sumTotals` — a day from its Z tickets, a month from its days, a year from its months
 * (a fiscal year not starting on the 1st, from its days) — never from the receipts. Under the
 * frequency's counter (the company's counters locked): refused when the period is not over, is
 * already archived, a register is still open since before its end, or a lower level is missing.
 * Chained (one chain per frequency), the registers' `lastArchives` filled, `archive.made` logged.
 */
import { badRequest, conflict, periodFilter, previousLink, readAllPages, writeChained, type CallContext } from '@comptoir/sdk';
import { isoDay, parisDay, senderFromCompany, shiftDay } from '@comptoir/sdk/commerce';
import type { Company } from '@comptoir/schemas';
import type { Archive, ArchiveFrequency, ArchiveInput, CashRegister, ClosingTicket, ClosingTotals } from '../../../schemas/index.ts';
import { Archives, CashRegisters, ChainHeads, ZTickets } from '../../entities.ts';
import { ALREADY_ARCHIVED, LOWER_LEVEL_MISSING, PERIOD_NOT_OVER, REGISTER_STILL_OPEN } from '../../messages.ts';
import { companies, numbering } from '../deps.ts';
import { recordEvent } from '../events/event-log.ts';
import { frequencyRefusal } from './archive-numbers.ts';
import { InvalidArchiveFrequency, archiveCounter, archivePeriod, sourceLevel, type ArchivePeriod } from './archives.ts';
import { archiveChain, archiveHash } from './hash.ts';
import { sumTotals } from './totals.ts';
import { SOFTWARE } from './software.ts';

/** The company's fiscal year containing `day` (`fiscalYears`), else the calendar year. */
export function fiscalYearOf(company: Pick<Company, 'fiscalYears'>, day: string): { start: string; end: string } {
  for (const fy of company.fiscalYears ?? []) {
    const first = parisDay(fy.startDate), last = parisDay(fy.endDate);
    if (first && last && isoDay(first) <= day && day <= isoDay(last)) return { start: isoDay(first), end: isoDay(last) };
  }
  return { start: `${day.slice(0, 4)}-01-01`, end: `${day.slice(0, 4)}-12-31` };
}

/** The label of the lower-level period a Z ticket's day belongs to. */
const lowerPeriodOf = (level: 'daily' | 'monthly', date: string) => {
  const d = isoDay(parisDay(date)!);
  return level === 'daily' ? d : d.slice(0, 7);
};

const LEVEL_NAMES = { daily: 'les journées', monthly: 'les mois' } as const;

export function archivesService(ctx: CallContext) {
  /** The sources of the period: Z tickets, or the archives of the level below (complete, else 409). */
  async function sourcesOf(level: 'z-tickets' | 'daily' | 'monthly', p: ArchivePeriod): Promise<(ClosingTotals & { _id: string; numberFull: string; date: string; grandTotals?: ClosingTicket['grandTotals']; grandTotal?: Archive['grandTotal'] })[]> {
    const range = periodFilter({ start: p.startDate, end: p.endDate });
    if (level === 'z-tickets') return await readAllPages(ctx.repo(ZTickets), { date: range }, 'date') as ClosingTicket[];
    const archives = await readAllPages(ctx.repo(Archives), { frequency: { mode: 'eq', value: level }, startDate: range }, 'startDate') as Archive[];
    // every day (month) with a Z ticket must be archived first: the sum would miss it otherwise
    const zDates = await readAllPages(ctx.repo(ZTickets), { date: range }, 'date', ['date']) as { date: string }[];
    const present = new Set(archives.map((a) => a.period));
    const missing = [...new Set(zDates.map((z) => lowerPeriodOf(level, z.date)))].filter((x) => !present.has(x)).sort();
    if (missing.length) throw conflict(LOWER_LEVEL_MISSING(LEVEL_NAMES[level], missing), [{ field: 'frequency', message: `${level} manquantes : ${missing.length}` }]);
    return archives.map((a) => ({ ...a, date: a.endDate }));
  }

  return {
    async create(input: ArchiveInput): Promise<Archive> {
      let counter: string;
      try { counter = archiveCounter(input.frequency); } catch (e) {
        if (e instanceof InvalidArchiveFrequency) throw frequencyRefusal(e);
        throw e;
      }
      const frequency = input.frequency as ArchiveFrequency;
      const at = input.date ? parisDay(input.date) : shiftDay(parisDay(ctx.now)!, -1);
      // parisDay reads the digits; a day that does not exist (2025-02-30) comes back another once normalised
      if (!at || (input.date && isoDay(shiftDay(at, 0)) !== input.date)) throw badRequest('« date » doit être un jour du calendrier (AAAA-MM-JJ).', [{ field: 'date', message: 'jour invalide' }]);
      const day = isoDay(at);
      const company = await companies(ctx).current();
      const fiscalYear = frequency === 'fiscal-yearly' ? fiscalYearOf(company, day) : undefined;
      const period = archivePeriod(frequency, day, fiscalYear);
      if (Date.parse(period.endDate) > ctx.now.getTime()) {
        throw conflict(PERIOD_NOT_OVER(period.period, period.lastDay), [{ field: 'date', message: 'période en cours' }]);
      }
      // under the counter: two archives of one period at once queue here, the second sees the first
      const taken = await numbering(ctx).take(counter);
      const existing = await ctx.repo(Archives).findOne({ frequency, period: period.period }) as Archive | null;
      if (existing) throw conflict(ALREADY_ARCHIVED(period.period, existing.numberFull), [{ field: 'date', message: 'déjà archivée' }]);
      const registers = await ctx.repo(CashRegisters).findMany({}) as CashRegister[];
      const stillOpen = registers.find((r) => r.status === 'opened' && r.openedAt && Date.parse(r.openedAt) < Date.parse(period.endDate));
      if (stillOpen) throw conflict(REGISTER_STILL_OPEN(stillOpen.numberFull ?? '', stillOpen.name), [{ field: 'date', message: 'caisse ouverte' }]);
      const level = sourceLevel(frequency, !fiscalYear || fiscalYear.start.endsWith('-01'));
      const sources = await sourcesOf(level, period);
      const last = sources.at(-1);
      const grandTotal = level === 'z-tickets' ? last?.grandTotals?.company ?? null : [...sources].reverse().find((s) => s.grandTotal)?.grandTotal ?? null;
      const prepared = await ctx.repo(Archives).prepareCreate({
        number: taken.number, numberFull: taken.numberFull, date: ctx.now.toISOString(), startDate: period.startDate, endDate: period.endDate,
        sender: senderFromCompany(company), ...sumTotals(sources), frequency, period: period.period, sourceLevel: level,
        sources: sources.map((s) => ({ _id: s._id, numberFull: s.numberFull })), grandTotal, software: SOFTWARE,
      }) as unknown as { doc: Archive; write(set: Record<string, unknown>): Promise<Archive> };
      const archive = await writeChained(ctx.repo(ChainHeads), archiveChain(frequency), taken,
        () => previousLink(ctx.repo(Archives), taken.number, { frequency }),
        (previousHash) => archiveHash(previousHash, prepared.doc),
        (hash) => prepared.write({ hash }));
      const lastArchive = { _id: archive._id, number: archive.number, numberFull: archive.numberFull, date: archive.date };
      for (const r of registers) await ctx.repo(CashRegisters).update(r._id, { lastArchives: { ...(r.lastArchives ?? {}), [frequency]: lastArchive } }, { existing: r });
      await recordEvent(ctx, {
        code: 'archive.made', label: `Archive ${frequency} ${archive.numberFull} de la période ${period.period} (${sources.length} sources)`,
        object: { _id: archive._id, type: 'pos.archives' }, data: { frequency, period: period.period, totalInclTaxes: archive.totalInclTaxes },
      });
      return archive;
    },
  };
}
export type ArchivesService = ReturnType<typeof archivesService>;
