/**
 * How the kernel writes its log lines: JSON (one object per line, for a log collector) or readable
 * lines (pino-pretty) for a person at a terminal. `LOG_FORMAT` chooses; `auto`, the default, is
 * readable when standard output is a terminal and JSON otherwise (a service manager, a pipe, a file).
 */
export const LOG_FORMATS = ['auto', 'pretty', 'json'] as const;
export type LogFormat = (typeof LOG_FORMATS)[number];

export function resolvedLogFormat(setting: LogFormat, stdoutIsTty: boolean): 'pretty' | 'json' {
  if (setting === 'auto') return stdoutIsTty ? 'pretty' : 'json';
  return setting;
}

/** The fields of a request line (request-id.ts), folded into its message on a terminal. */
const REQUEST_FIELDS = ['method', 'path', 'status', 'ms'] as const;

/**
 * One readable message per line: « GET /api/invoicing/invoices 200 12 ms » for a request, the
 * message followed by its request id otherwise (the id a 500 answer gives the user).
 */
export function readableMessage(line: Record<string, unknown>, messageKey = 'msg'): string {
  const msg = String(line[messageKey] ?? '');
  if (msg === 'request' && REQUEST_FIELDS.every((k) => k in line)) {
    return `${String(line.method)} ${String(line.path)} ${String(line.status)} ${String(line.ms)} ms`;
  }
  return typeof line.requestId === 'string' ? `${msg} (requête ${line.requestId})` : msg;
}

/** Keys the readable line already says (or that only matter to a collector). */
export const READABLE_IGNORE = ['pid', 'hostname', 'requestId', ...REQUEST_FIELDS].join(',');
