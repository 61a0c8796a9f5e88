/**
 * The fiscal year of a FEC export (`?fiscalYear=YYYY`): the company's fiscal year closing in that
 * year (`fiscalYears` of the company), else the calendar year. A year the company never had is
 * a 404 (`missingFiscalYear`). Days are French calendar days
 * (Europe/Paris); the period given to the plugins runs from the first day's midnight to the
 * midnight after the last day. The file is named `<SIREN>FEC<closing day>.txt`.
 */
import { HttpError, badRequest, conflict, type AccountingPeriod } from '@comptoir/sdk';
import { parisDay, type CalendarDay } from '@comptoir/sdk/commerce';
import type { Company, FiscalYear } from '@comptoir/schemas';

export interface FecFiscalYear {
  year: number;
  name: string | null;
  /** first and last days, YYYY-MM-DD */
  firstDay: string;
  lastDay: string;
  period: AccountingPeriod;
  /** false while the last day has not passed: the file is then provisional */
  closed: boolean;
}

const pad = (n: number, w = 2) => String(n).padStart(w, '0');
export const dayText = (d: CalendarDay) => `${pad(d.year, 4)}-${pad(d.month)}-${pad(d.day)}`;

/** `fiscalYear` of the query: four digits; 400 naming it otherwise. */
export function parseFiscalYear(value: unknown): number {
  const text = Array.isArray(value) ? value[0] : value;
  if (typeof text !== 'string' || !/^\d{4}$/.test(text) || Number(text) < 1900) {
    throw badRequest('Le paramètre « fiscalYear » doit être l’année de clôture de l’exercice, sur quatre chiffres (par exemple 2025).',
      [{ field: 'fiscalYear', message: 'année sur quatre chiffres attendue' }]);
  }
  return Number(text);
}

/**
 * The day a stored fiscal-year bound stands for. Date pickers store a day as UTC midnight or as the
 * UTC end of day, others as a Paris instant: the first two are read in UTC, the rest in Paris.
 */
export function boundDay(instant: string): CalendarDay | null {
  const d = new Date(instant);
  if (Number.isNaN(d.getTime())) return null;
  const ms = d.getUTCHours() * 3600_000 + d.getUTCMinutes() * 60_000 + d.getUTCSeconds() * 1000 + d.getUTCMilliseconds();
  if (ms === 0 || ms >= 86_399_000) return { year: d.getUTCFullYear(), month: d.getUTCMonth() + 1, day: d.getUTCDate() };
  return parisDay(d);
}

/** The instant of midnight starting `day` in Paris (Intl gives the offset; France is UTC+1 or +2). */
export function parisMidnight(day: CalendarDay): Date {
  const utc = Date.UTC(day.year, day.month - 1, day.day);
  for (const hours of [1, 2]) {
    const candidate = new Date(utc - hours * 3600_000);
    const seen = parisDay(candidate)!;
    if (seen.year === day.year && seen.month === day.month && seen.day === day.day
      && parisDay(new Date(candidate.getTime() - 1))!.day !== day.day) return candidate;
  }
  return new Date(utc - 3600_000);
}

const nextDay = (d: CalendarDay): CalendarDay => {
  const t = new Date(Date.UTC(d.year, d.month - 1, d.day + 1));
  return { year: t.getUTCFullYear(), month: t.getUTCMonth() + 1, day: t.getUTCDate() };
};

function readable(fy: FiscalYear): { name: string | null; first: CalendarDay; last: CalendarDay } | null {
  const first = boundDay(fy.startDate);
  const last = boundDay(fy.endDate);
  if (!first || !last || dayText(first) > dayText(last)) return null;
  return { name: fy.name ?? null, first, last };
}

/** The fiscal years the company declares, those that can be read (a start after the end is left out). */
const declared = (company: Pick<Company, 'fiscalYears'>) => (company.fiscalYears ?? []).map(readable)
  .filter((fy): fy is NonNullable<typeof fy> => fy !== null);

export function fiscalYearOf(company: Pick<Company, 'fiscalYears'>, year: number, now: Date): FecFiscalYear {
  const closing = declared(company).filter((fy) => fy.last.year === year)
    .sort((a, b) => dayText(a.last).localeCompare(dayText(b.last)));
  const chosen = closing.at(-1) ?? { name: null, first: { year, month: 1, day: 1 }, last: { year, month: 12, day: 31 } };
  const end = parisMidnight(nextDay(chosen.last));
  return {
    year,
    name: chosen.name,
    firstDay: dayText(chosen.first),
    lastDay: dayText(chosen.last),
    period: { start: parisMidnight(chosen.first).toISOString(), end: end.toISOString() },
    closed: now.getTime() >= end.getTime(),
  };
}

/** The company as `missingFiscalYear` reads it: its fiscal years and when it was created. */
export type FiscalYearsOf = Pick<Company, 'fiscalYears'> & { metadata?: { creationDate?: string } };

const frenchDay = (d: CalendarDay) => `${pad(d.day)}/${pad(d.month)}/${d.year}`;

/**
 * Why `year` is no fiscal year of the company, as a French sentence (null when it is one). A
 * fiscal year the company declares closing in that year always is. Otherwise the calendar year
 * stands for it, unless:
 * - it overlaps a declared fiscal year (its entries belong to that year's file);
 * - it has not begun;
 * - it ended before the year the company was created and no entry is dated in it
 *   (`hasEntries`): the books never had it.
 * An empty file marked closed would tell the accountant « nothing happened that year » of a year
 * that was never kept: invoicing README « FEC », Refusals.
 */
export function missingFiscalYear(company: FiscalYearsOf, fiscalYear: FecFiscalYear, now: Date, hasEntries: boolean): string | null {
  const years = declared(company);
  const { year } = fiscalYear;
  if (years.some((fy) => fy.last.year === year)) return null;
  const overlapping = years.find((fy) => dayText(fy.first) <= fiscalYear.lastDay && dayText(fy.last) >= fiscalYear.firstDay);
  if (overlapping) {
    return `Aucun exercice de l’entreprise ne se clôt en ${year}, et l’année civile ${year} chevauche l’exercice du ${frenchDay(overlapping.first)} au ${frenchDay(overlapping.last)} déclaré dans la fiche de l’entreprise.`;
  }
  if (Date.parse(fiscalYear.period.start) > now.getTime()) {
    return `Aucun exercice ne se clôt en ${year} : cette année n’a pas encore commencé.`;
  }
  const created = company.metadata?.creationDate ? parisDay(company.metadata.creationDate) : null;
  if (!hasEntries && created && year < created.year) {
    return `Aucun exercice ne se clôt en ${year} : l’entreprise a été créée en ${created.year} et aucune écriture n’est datée de ${year}.`;
  }
  return null;
}

/** The 404 of a year that is no fiscal year of the company, naming `fiscalYear`. */
export const fiscalYearNotFound = (message: string) =>
  new HttpError('NOT_FOUND', message, [{ field: 'fiscalYear', message: 'exercice inconnu' }]);

/** `<SIREN>FEC<AAAAMMJJ>.txt` (BOI-CF-IOR-60-40-20); 409 while the company has no SIREN. */
export function fecFileName(siren: string | undefined, lastDay: string): string {
  const digits = (siren ?? '').replace(/\s/g, '');
  if (!/^\d{9}$/.test(digits)) {
    throw conflict('Le fichier FEC est nommé d’après le SIREN de l’entreprise : renseignez un SIREN de 9 chiffres dans la fiche de l’entreprise.',
      [{ field: 'siren', message: '9 chiffres attendus' }]);
  }
  return `${digits}FEC${lastDay.replace(/-/g, '')}.txt`;
}
