/**
 * The cron helper of a recurring rule: the usual shapes (every day, every week, every month, every
 * year, at a time) as a form, the expression it makes, and a French sentence for any expression —
 * « chaque 1er du mois à 8 h ». The shapes the form makes get a sentence written here, closer to what
 * a French owner says than cronstrue's « À 08:00, le 1 du mois »; any other expression is described
 * by cronstrue (fr). Next dates come from `@comptoir/sdk/schedule`, the scheduler's own reading.
 */
import cronstrue from 'cronstrue';
import 'cronstrue/locales/fr';
import { cronProblem, nextOccurrences } from '@comptoir/sdk/schedule';

export type Frequency = 'daily' | 'weekly' | 'monthly' | 'yearly' | 'custom';

export interface CronForm {
  frequency: Frequency;
  hour: number;
  minute: number;
  /** 0 = dimanche … 6 = samedi */
  weekday: number;
  /** day of month, or 'L' for the last day */
  day: number | 'L';
  /** 1 = janvier */
  month: number;
  /** the expression typed, for `custom` */
  expression: string;
}

export const WEEKDAYS = ['dimanche', 'lundi', 'mardi', 'mercredi', 'jeudi', 'vendredi', 'samedi'] as const;
export const MONTHS = ['janvier', 'février', 'mars', 'avril', 'mai', 'juin', 'juillet', 'août', 'septembre', 'octobre', 'novembre', 'décembre'] as const;

export const FREQUENCIES: { value: Frequency; label: string }[] = [
  { value: 'monthly', label: 'Chaque mois' },
  { value: 'weekly', label: 'Chaque semaine' },
  { value: 'daily', label: 'Chaque jour' },
  { value: 'yearly', label: 'Chaque année' },
  { value: 'custom', label: 'Expression cron' },
];

export const DEFAULT_FORM: CronForm = { frequency: 'monthly', hour: 8, minute: 0, weekday: 1, day: 1, month: 1, expression: '0 8 1 * *' };

export function cronFromForm(f: CronForm): string {
  const time = `${f.minute} ${f.hour}`;
  switch (f.frequency) {
    case 'daily': return `${time} * * *`;
    case 'weekly': return `${time} * * ${f.weekday}`;
    case 'monthly': return `${time} ${f.day} * *`;
    case 'yearly': return `${time} ${f.day === 'L' ? 1 : f.day} ${f.month} *`;
    default: return f.expression.trim();
  }
}

const NUM = '(\\d{1,2})';
const SHAPES: [Frequency, RegExp][] = [
  ['daily', new RegExp(`^${NUM} ${NUM} \\* \\* \\*$`)],
  ['weekly', new RegExp(`^${NUM} ${NUM} \\* \\* ([0-6])$`)],
  ['monthly', new RegExp(`^${NUM} ${NUM} (\\d{1,2}|L) \\* \\*$`)],
  ['yearly', new RegExp(`^${NUM} ${NUM} (\\d{1,2}) (\\d{1,2}) \\*$`)],
];

/** The form showing an expression: one of the usual shapes, or `custom`. */
export function formFromCron(cron: string): CronForm {
  const text = cron.trim().replace(/\s+/g, ' ');
  for (const [frequency, re] of SHAPES) {
    const m = re.exec(text);
    if (!m) continue;
    const [minute, hour] = [Number(m[1]), Number(m[2])];
    if (minute > 59 || hour > 23) break;
    const form: CronForm = { ...DEFAULT_FORM, frequency, minute, hour, expression: text };
    if (frequency === 'weekly') form.weekday = Number(m[3]);
    if (frequency === 'monthly') form.day = m[3] === 'L' ? 'L' : Number(m[3]);
    if (frequency === 'yearly') { form.day = Number(m[3]); form.month = Number(m[4]); }
    const dayOk = form.day === 'L' || (form.day >= 1 && form.day <= 31);
    if (dayOk && form.month >= 1 && form.month <= 12) return form;
    break;
  }
  return { ...DEFAULT_FORM, frequency: 'custom', expression: text };
}

/** « 8 h », « 7 h 30 » */
export const timeText = (hour: number, minute: number) => (minute ? `${hour} h ${String(minute).padStart(2, '0')}` : `${hour} h`);
const dayText = (day: number) => (day === 1 ? '1er' : String(day));

/** A French sentence for an expression, or null when it cannot be read. */
export function describeCron(cron: string): string | null {
  if (cronProblem(cron)) return null;
  const f = formFromCron(cron);
  const at = `à ${timeText(f.hour, f.minute)}`;
  switch (f.frequency) {
    case 'daily': return `chaque jour ${at}`;
    case 'weekly': return `chaque ${WEEKDAYS[f.weekday]} ${at}`;
    case 'monthly': return f.day === 'L' ? `le dernier jour de chaque mois ${at}` : `chaque ${dayText(f.day)} du mois ${at}`;
    case 'yearly': return `chaque année le ${dayText(f.day as number)} ${MONTHS[f.month - 1]} ${at}`;
    default: {
      const text = cronstrue.toString(cron, { locale: 'fr', use24HourTimeFormat: true, throwExceptionOnParseError: false });
      return text.charAt(0).toLowerCase() + text.slice(1);
    }
  }
}

/** The next `count` dates of an expression (Europe/Paris), or [] when it cannot be read. */
export function nextDates(cron: string, from: Date, count = 5): Date[] {
  return cronProblem(cron) ? [] : nextOccurrences(cron, from, count);
}
