import { pino, type Logger } from 'pino';
import pretty from 'pino-pretty';
import type { Config } from '../config.ts';
import { serializeError } from './safe-error.ts';
import { READABLE_IGNORE, readableMessage, resolvedLogFormat } from '../util/log-format.ts';

/**
 * The kernel's logger. Errors logged under `err` or `error` (every request's 500 with its
 * `requestId`, failed jobs, event handlers) go through `serializeError`: code, table, constraint
 * and frames, never a statement's bound values (safe-error.ts).
 */
export function createLogger(config: Pick<Config, 'logLevel'> & Partial<Pick<Config, 'logFormat'>>, destination?: pino.DestinationStream): Logger {
  const options: pino.LoggerOptions = {
    level: config.logLevel,
    base: undefined,
    redact: { paths: ['req.headers.authorization', 'password', '*.password', 'token'], censor: '[masqué]' },
    serializers: { err: serializeError, error: serializeError },
  };
  if (destination) return pino(options, destination);
  if (resolvedLogFormat(config.logFormat ?? 'json', Boolean(process.stdout.isTTY)) === 'pretty') {
    // in this thread, not a transport worker: a terminal's volume needs none, and lines stay in order
    return pino(options, readableStream());
  }
  return pino(options);
}

/** pino-pretty set for a person at a terminal (log-format.ts). */
export function readableStream(destination: NodeJS.WritableStream | number = 1): pino.DestinationStream {
  return pretty({
    destination,
    sync: true,
    colorize: destination === 1 && Boolean(process.stdout.isTTY),
    translateTime: 'SYS:HH:MM:ss',
    singleLine: true,
    ignore: READABLE_IGNORE,
    messageFormat: (line, messageKey) => readableMessage(line, messageKey),
  });
}
