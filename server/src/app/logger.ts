import { pino, type Logger } from 'pino';
import type { Config } from '../config.ts';
import { serializeError } from './safe-error.ts';

/**
 * The kernel's logger. Errors logged under `err` or `error` (every request's 500 with its
 * `requestId`, failed jobs, event handlers) go through `serializeError`: code, table, constraint
 * and frames, never a statement's bound values (safe-error.ts).
 */
export function createLogger(config: Pick<Config, 'logLevel'>, destination?: pino.DestinationStream): Logger {
  const options: pino.LoggerOptions = {
    level: config.logLevel,
    base: undefined,
    redact: { paths: ['req.headers.authorization', 'password', '*.password', 'token'], censor: '[masqué]' },
    serializers: { err: serializeError, error: serializeError },
  };
  return destination ? pino(options, destination) : pino(options);
}
