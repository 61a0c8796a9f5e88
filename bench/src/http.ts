/**
 * The API as a client sees it: JSON requests, the list query string of http README « Lists », the
 * session headers, list cursors. No server code here: the forked load processes import it too.
 */

export interface JsonAnswer<T = any> { // eslint-disable-line @typescript-eslint/no-explicit-any
  status: number;
  body: T;
  bytes: number;
  /** the body as received (a PDF, a file in ISO 8859-15: what the text would not keep) */
  raw: Buffer;
}

async function answer<T>(res: Response): Promise<JsonAnswer<T>> {
  const raw = Buffer.from(await res.arrayBuffer());
  const text = raw.toString('utf8');
  let body: unknown = text;
  try { body = JSON.parse(text); } catch { /* kept as text */ }
  return { status: res.status, body: body as T, bytes: raw.length, raw };
}

export async function getJson<T = any>(url: string, headers: Record<string, string> = {}): Promise<JsonAnswer<T>> { // eslint-disable-line @typescript-eslint/no-explicit-any
  return answer<T>(await fetch(url, { headers }));
}

async function sendJson<T>(method: 'POST' | 'PUT', url: string, payload: unknown, headers: Record<string, string>): Promise<JsonAnswer<T>> {
  const send = () => fetch(url, { method, headers: { 'Content-Type': 'application/json', ...headers }, body: JSON.stringify(payload) });
  // PUT is idempotent: sent again when a kept-alive connection was closed by the server meanwhile
  // (after the minutes the data set takes to write)
  return answer<T>(await (method === 'PUT' ? send().catch(send) : send()));
}

export function postJson<T = any>(url: string, payload: unknown, headers: Record<string, string> = {}): Promise<JsonAnswer<T>> { // eslint-disable-line @typescript-eslint/no-explicit-any
  return sendJson<T>('POST', url, payload, headers);
}

export function putJson<T = any>(url: string, payload: unknown, headers: Record<string, string> = {}): Promise<JsonAnswer<T>> { // eslint-disable-line @typescript-eslint/no-explicit-any
  return sendJson<T>('PUT', url, payload, headers);
}

/** What the kernel asks of a request in a company: the session token and `AT-Company`. */
export const sessionHeaders = (token: string, companyId: string): Record<string, string> =>
  ({ Authorization: `Bearer ${token}`, 'AT-Company': companyId });

/** `?filters=...&sort=...` with each value JSON-encoded, as http README « Lists » asks. */
export function listQuery(params: Record<string, unknown>): string {
  const q = new URLSearchParams();
  for (const [k, v] of Object.entries(params)) if (v !== undefined) q.set(k, JSON.stringify(v));
  return q.toString();
}

/** A list cursor: base64url of a JSON object (sort field, direction, last value, last id, totals). */
export const encodeCursor = (c: Record<string, unknown>): string => Buffer.from(JSON.stringify(c)).toString('base64url');
export const decodeCursor = <T = Record<string, unknown>>(c: string): T => JSON.parse(Buffer.from(c, 'base64url').toString('utf8')) as T;

/** The position a cursor names (sort, last value, last id), without the totals it carries (`t`). */
export function cursorPosition(c: string | null | undefined): string {
  if (!c) return 'null';
  const { t: _totals, ...position } = decodeCursor(c);
  void _totals;
  return JSON.stringify(position);
}
