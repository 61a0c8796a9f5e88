import { pino, type Logger } from 'pino';
import type { Config } from '../config.ts';

export function createLogger(config: Pick<Config, 'logLevel'>): Logger {
  return pino({
    level: config.logLevel,
    base: undefined,
    redact: { paths: ['req.headers.authorization', 'password', '*.password', 'token'], censor: '[masqué]' },
  });
}
