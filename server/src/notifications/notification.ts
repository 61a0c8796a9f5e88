/**
 * Notifications as the notifications README describes them (Notification, NotificationChoice; schemas in
 * schemas/src/kernel/notification.ts) with the spec's defaults: type user, priority normal, style
 * primary, liveOnly true, internal false, timeToLive 60000 ms (platform README « Platform rules and constants »); a choice: urlMode hidden,
 * method get. Here: input validation, and the view a browser gets (no headers, no call-back address).
 */
import {
  FORBIDDEN_CHOICE_HEADERS, NotificationInput, type Notification, type NotificationChoice, type PublicNotificationChoice,
} from '@comptoir/schemas';
import type { LiveNotification, NotifyInput } from '@comptoir/sdk';
import { badRequest } from '@comptoir/sdk';
import { validate } from '../db/validation.ts';

export type { Notification, LiveNotification, NotifyInput };
export type FilledInput = NotificationInput;

/** Where a choice's call back may go: `/api/...` of this server, or (plugin code only) an absolute http(s) address. */
export interface InputRules {
  allowAbsoluteCallbacks: boolean;
  /**
   * sent through the API: the call backs of `/api/...` paths are also bound by the rights of this
   * user (the sender), so that a person cannot have a colleague with more rights act for them
   */
  rightsOf?: string | null;
}

const invalid = (field: string, message: string) =>
  badRequest(`Notification invalide — « ${field} » : ${message}.`, [{ field, message }]);

/** A path of this server's API, normalised (`/api/../x` is not one). */
export function isApiPath(url: string): boolean {
  if (!url.startsWith('/') || url.startsWith('//') || url.includes('\\')) return false;
  try {
    const u = new URL(url, 'http://comptoir.invalid');
    return u.origin === 'http://comptoir.invalid' && u.pathname.startsWith('/api/');
  } catch {
    return false;
  }
}

/**
 * A path of the application (`/factures/42`): browsers read `/\\host` and `/<tab>/host` as
 * `//host`, another site, so backslashes, spaces and control characters are refused.
 */
export function isAppPath(url: string): boolean {
  // eslint-disable-next-line no-control-regex
  return url.startsWith('/') && !url.startsWith('//') && !/[\\\s\u0000-\u001f\u007f]/.test(url);
}

/** An absolute http(s) address without credentials. */
export function isWebAddress(url: string): boolean {
  try {
    const u = new URL(url);
    return (u.protocol === 'http:' || u.protocol === 'https:') && !u.username && !u.password;
  } catch {
    return false;
  }
}

function checkChoice(c: NotificationChoice, i: number, rules: InputRules) {
  const field = `choices.${i}`;
  for (const name of Object.keys(c.headers)) {
    if ((FORBIDDEN_CHOICE_HEADERS as readonly string[]).includes(name.toLowerCase())) {
      throw invalid(`${field}.headers.${name}`, 'en-tête réservé (l’appel est fait au nom de la personne qui clique)');
    }
  }
  if (c.url === undefined) return;
  if (c.urlMode === 'hidden') {
    if (isApiPath(c.url)) {
      if (rules.rightsOf) c.rightsOf = rules.rightsOf;
      return;
    }
    if (rules.allowAbsoluteCallbacks && isWebAddress(c.url)) return;
    throw invalid(`${field}.url`, rules.allowAbsoluteCallbacks
      ? 'adresse de rappel invalide (un chemin /api/… ou une adresse http(s) attendu)'
      : 'adresse de rappel invalide (un chemin /api/… de ce serveur attendu)');
  }
  if (c.urlMode === 'navigate' && !isAppPath(c.url)) {
    throw invalid(`${field}.url`, 'un chemin de l’application commençant par / est attendu');
  }
  if (c.urlMode === 'blank' && !isWebAddress(c.url) && !isAppPath(c.url)) {
    throw invalid(`${field}.url`, 'une adresse http(s) ou un chemin commençant par / est attendu');
  }
}

/** Validates and fills the defaults of `input` (throws a French 400 naming the field). */
export function withDefaults(input: NotifyInput, rules: InputRules): FilledInput {
  const copy = structuredClone(input) as unknown as Record<string, unknown>;
  validate(NotificationInput, copy, { defaults: true, what: 'Notification invalide' });
  const filled = copy as unknown as FilledInput;
  filled.choices.forEach((c, i) => checkChoice(c, i, rules));
  // a message for the software is never kept for a person
  if (filled.internal) filled.liveOnly = true;
  return filled;
}

function publicChoice(c: NotificationChoice): PublicNotificationChoice {
  return {
    title: c.title, urlMode: c.urlMode, method: c.method, clearNotificationForAll: c.clearNotificationForAll,
    ...(c.url !== undefined && c.urlMode !== 'hidden' ? { url: c.url } : {}),
  };
}

/** What a browser (socket or API) gets of a stored notification. */
export function publicNotification(n: Omit<Notification, 'metadata'>): LiveNotification {
  return {
    _id: n._id,
    type: n.type,
    title: n.title,
    ...(n.content !== undefined && n.content !== null ? { content: n.content } : {}),
    choices: n.choices.map(publicChoice),
    priority: n.priority,
    style: n.style,
    liveOnly: n.liveOnly,
    internal: n.internal,
    timeToLive: n.timeToLive,
    sender: n.sender ?? null,
    date: n.date,
    kind: n.kind ?? null,
    batch: n.batch,
    read: n.read,
    fk: { user: n.fk.user ?? null, company: n.fk.company },
  };
}
