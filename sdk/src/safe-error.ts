/**
 * Errors as they may be printed, logged or stored (a job's `lastError`, a migration's failure, an
 * import's skipped row): never with a statement's bound values. Kept in the SDK so that plugins
 * use the same helper as the kernel (server/src/app/safe-error.ts re-exports it). A database error
 * carries them three ways — knex puts the statement at the head of `message` (with `?` since
 * db/connect.ts sets `compileSqlOnError: false`, but a raw statement may still hold literals),
 * mysql2 adds `sql` (values inlined) and `sqlMessage`, and MariaDB's own text names the value
 * (« Duplicate entry 'chef@exemple.fr' for key … »), also on the first line of `stack`. What is
 * kept: the error's type and code (`ER_DUP_ENTRY`, `SQLITE_CONSTRAINT_UNIQUE`), errno and SQL
 * state, the driver's sentence with every quoted value replaced by '…', the table and constraint
 * when the sentence names them, and the stack frames.
 */

/** Properties that hold a statement or its values: never printed. */
const DROPPED = new Set(['sql', 'sqlMessage', 'bindings', 'parameters', 'values', 'query', 'sqlQuery']);

const SQL_HEAD = /^\s*(?:insert|update|delete|select|replace|create|alter|drop|with|pragma|set|begin|commit)\b/i;

interface DbErrorLike { code?: unknown; errno?: unknown; sqlState?: unknown; sql?: unknown; sqlMessage?: unknown; name?: unknown; message?: unknown; stack?: unknown }

export function isDatabaseError(e: unknown): boolean {
  if (!e || typeof e !== 'object') return false;
  const err = e as DbErrorLike;
  return typeof err.sqlMessage === 'string' || typeof err.sql === 'string' || err.name === 'SqliteError'
    || (typeof err.code === 'string' && /^(ER_|SQLITE_)/.test(err.code));
}

/**
 * The driver's sentence without values: quoted literals become '…' unless they name a key,
 * column, table, index, constraint or database (MariaDB quotes those the same way).
 */
export function redactDriverMessage(message: string): string {
  return message
    .replace(/(\b(?:key|column|table|index|constraint|database|schema|field)\s+)?'((?:[^'\\]|\\.|'')*)'/gi,
      (whole, named: string | undefined) => (named ? whole : "'…'"))
    .replace(/\bnear "(?:[^"]|"")*"/g, 'near "…"');
}

/** The driver's part of a database error's message: after knex's « <statement> - ». */
function driverMessage(err: DbErrorLike): string {
  if (typeof err.sqlMessage === 'string') return err.sqlMessage;
  const message = typeof err.message === 'string' ? err.message : '';
  const cut = message.lastIndexOf(' - ');
  return cut >= 0 && SQL_HEAD.test(message) ? message.slice(cut + 3) : message;
}

/** The table and constraint a driver's sentence names, when it does. */
export function constraintOf(message: string): { table?: string; constraint?: string } {
  const mysql = /for key '(?:([^'.]+)\.)?([^']+)'/.exec(message);
  if (mysql) return { ...(mysql[1] ? { table: mysql[1] } : {}), constraint: mysql[2] };
  const sqlite = /constraint failed: ([\w$]+)\.([\w$.]+(?:, [\w$.]+)*)/.exec(message);
  if (sqlite) return { table: sqlite[1], constraint: `${sqlite[1]}.${sqlite[2]}` };
  return {};
}

/** A message that is safe to print: a database error's is its code and the redacted driver sentence. */
export function safeMessage(e: unknown): string {
  if (typeof e === 'string') return safeText(e);
  if (!e || typeof e !== 'object') return String(e);
  const err = e as DbErrorLike;
  if (!isDatabaseError(e)) return typeof err.message === 'string' ? safeText(err.message) : String(e);
  const sentence = redactDriverMessage(driverMessage(err));
  return typeof err.code === 'string' && !sentence.startsWith(err.code) ? `${err.code}: ${sentence}` : sentence;
}

/** A text that may be a knex error's message (a string logged as `err`): its driver part, redacted. */
function safeText(text: string): string {
  const cut = text.lastIndexOf(' - ');
  return SQL_HEAD.test(text) && cut >= 0 ? redactDriverMessage(text.slice(cut + 3)) : text;
}

/** `<type>: <safe message>` and the stack frames (no first line: it may hold the driver's values). */
export function safeStack(e: unknown): string {
  const err = (e ?? {}) as DbErrorLike;
  const type = typeof err.name === 'string' ? err.name : 'Error';
  const frames = typeof err.stack === 'string' ? err.stack.split('\n').filter((l) => /^\s+at /.test(l)) : [];
  return [`${type}: ${safeMessage(e)}`, ...frames].join('\n');
}

export interface SafeError {
  type: string;
  message: string;
  stack: string;
  code?: string;
  [key: string]: unknown;
}

/** The pino `err` serializer: an error (or anything thrown) as a plain object without values. */
export function serializeError(e: unknown, depth = 0): unknown {
  if (typeof e === 'string') return safeText(e);
  if (!e || typeof e !== 'object') return e;
  if (!(e instanceof Error) && !isDatabaseError(e)) return e;
  const err = e as Error & DbErrorLike & { cause?: unknown; errors?: unknown };
  const out: SafeError = { type: err.name ?? 'Error', message: safeMessage(e), stack: safeStack(e) };
  const db = isDatabaseError(e);
  for (const [key, value] of Object.entries(err)) {
    if (DROPPED.has(key) || key === 'message' || key === 'stack' || key === 'cause' || key === 'errors') continue;
    // a database error's other properties are its code, errno, state: anything else may be a value
    if (db && !['code', 'errno', 'sqlState', 'fatal'].includes(key)) continue;
    out[key] = value;
  }
  if (db) Object.assign(out, constraintOf(driverMessage(err)));
  if (depth < 5 && err.cause !== undefined) out.cause = serializeError(err.cause, depth + 1);
  if (depth < 5 && Array.isArray(err.errors)) out.errors = err.errors.map((x) => serializeError(x, depth + 1));
  return out;
}
