/**
 * The call back of a notification choice (urlMode hidden), made by the server when a recipient
 * chooses it. Against server-side request forgery:
 * - a `/api/...` path is called on this very server (the address the click reached), with the
 *   clicking user's own credentials and company: it can do nothing that user could not do; sent
 *   through the API, it is also bound by its sender's rights (`AT-Rights-Of`): a person cannot
 *   have a colleague with more rights act for them by a click on « OK »;
 * - an absolute http(s) address is accepted only from plugin code (`kernel.notifier`), which is
 *   trusted and could call it anyway; it is called with the choice's headers only, never the
 *   user's credentials; notifications sent through the API may not carry one;
 * - no redirect is followed, the call is bounded in time, its answer is not passed on.
 */
import { conflict } from '@comptoir/sdk';
import { RIGHTS_OF_HEADER, type NotificationChoice } from '@comptoir/schemas';
import { isApiPath } from './notification.ts';

export interface CallbackOrigin {
  /** this server as the click reached it, e.g. `http://127.0.0.1:3000` */
  origin: string;
  /** the clicking request's Authorization header */
  authorization: string | undefined;
  companyId: string;
  requestId: string;
}

export interface CallbackResult { status: number }

export const CALLBACK_TIMEOUT_MS = 10_000;
const USER_AGENT = 'Comptoir (action de notification)';

/** `http://host:port` of the local end of a request's socket (IPv6 in brackets). */
export function originOf(socket: { localAddress?: string; localPort?: number }): string {
  const address = socket.localAddress ?? '127.0.0.1';
  return `http://${address.includes(':') ? `[${address}]` : address}:${socket.localPort ?? 80}`;
}

async function reasonOf(res: Response, own: boolean): Promise<string> {
  if (own) {
    try {
      const body = (await res.json()) as { message?: unknown };
      if (typeof body?.message === 'string') return body.message;
    } catch { /* not our JSON */ }
  } else {
    await res.body?.cancel();
  }
  return `le service a répondu ${res.status}`;
}

/** Calls the choice back; null when it has nothing to call. Throws a French 409 when the call fails. */
export async function callBack(choice: NotificationChoice, from: CallbackOrigin, timeoutMs = CALLBACK_TIMEOUT_MS): Promise<CallbackResult | null> {
  if (choice.urlMode !== 'hidden' || !choice.url) return null;
  const own = isApiPath(choice.url);
  const url = own ? new URL(choice.url, from.origin) : new URL(choice.url);
  const headers: Record<string, string> = { ...choice.headers, 'User-Agent': USER_AGENT, 'X-Request-Id': from.requestId };
  if (own) {
    if (from.authorization) headers.Authorization = from.authorization;
    headers['AT-Company'] = from.companyId;
    if (choice.rightsOf) headers[RIGHTS_OF_HEADER] = choice.rightsOf;
  }
  const failed = (why: string) => conflict(`L’action « ${choice.title} » n’a pas abouti : ${why.replace(/[.\s]+$/, '')}.`);
  let res: Response;
  try {
    res = await fetch(url, { method: choice.method.toUpperCase(), headers, redirect: 'manual', signal: AbortSignal.timeout(timeoutMs) });
  } catch (e) {
    throw failed((e as Error).name === 'TimeoutError' ? 'le service n’a pas répondu à temps' : 'le service est injoignable');
  }
  if (res.status >= 400) throw failed(await reasonOf(res, own));
  await res.body?.cancel();
  return { status: res.status };
}
