/** What the screens know of the API of « Téléphonie » (mounted under /api/pbx). */

export const CALLS = '/pbx/calls';
export const NUMBER_LISTS = '/pbx/number-lists';
export const PLAYLISTS = '/pbx/playlists';
export const TIMES_OF_YEAR = '/pbx/times-of-year';
export const USERS = '/pbx/users';
export const SERVERS = '/pbx/servers';
export const QUEUES = '/process-queues/queues';
export const READ = 'pbx.telephony.read';
export const MANAGE = 'pbx.telephony.manage';

/** Types only: the remote bundles no schema. */
export type {
  Call, CallEvent, CallNumberList, PbxUser, PlayList, PlayListItem, Server, TimeOfYear, TimeOfYearPoint, TimeOfYearMode,
} from '../../schemas/index.ts';

/** spec §4, in French */
export const MODE_LABELS: Record<string, string> = {
  everytime: 'Toujours',
  'out-of-any-time-of-year': 'Hors de toute période',
  'in-selected-time-of-year': 'Pendant les périodes choisies',
  'not-in-selected-time-of-year': 'Hors des périodes choisies',
};

export const EVENT_LABELS: Record<string, string> = {
  started: 'Appel reçu',
  input: 'Touches tapées',
  step: 'Étape',
  'no-queue': 'Aucune file',
  problem: 'Problème',
  'caller-hung-up': 'L’appelant a raccroché',
  ended: 'Fin',
};

/** « 24/12/– 08:–:– »: day/month/year hours:minutes:seconds, a dash for a missing part (spec §3) */
export function formatPoint(p: Partial<Record<'year' | 'month' | 'day' | 'hours' | 'minutes' | 'seconds', number | null>> | undefined): string {
  const two = (v: number | null | undefined) => (v === undefined || v === null ? '–' : String(v).padStart(2, '0'));
  const q = p ?? {};
  return `${two(q.day)}/${two(q.month)}/${q.year ?? '–'} ${two(q.hours)}:${two(q.minutes)}:${two(q.seconds)}`;
}

/** one number a line, blank lines dropped */
export const linesOf = (text: string) => text.split(/\r?\n/).map((l) => l.trim()).filter(Boolean);
