/**
 * Throttling of guesses with rate-limiter-flexible. Logins: failures are counted per (IP, e-mail)
 * and per IP. Invitation links: wrong keys (and addresses that already have an account, which a
 * link would otherwise let anyone test) are counted per IP.
 * In-memory per process; with several processes the same limiter class runs on Redis.
 */
import { RateLimiterMemory, RateLimiterRes } from 'rate-limiter-flexible';
import { HttpError } from '@comptoir/sdk';

/** 429 with a French sentence and the wait in minutes. */
function refusal(res: RateLimiterRes, what: string): HttpError {
  const minutes = Math.max(1, Math.ceil(res.msBeforeNext / 60000));
  return new HttpError('RATE_LIMITED', `${what} Réessayez dans ${minutes} minute${minutes > 1 ? 's' : ''}.`);
}

export interface LoginLimiter {
  check(ip: string, email: string): Promise<void>;
  fail(ip: string, email: string): Promise<void>;
  succeed(ip: string, email: string): Promise<void>;
}

export function createLoginLimiter(attempts: number, windowSeconds: number): LoginLimiter {
  const perPair = new RateLimiterMemory({ points: attempts, duration: windowSeconds, keyPrefix: 'login-pair' });
  const perIp = new RateLimiterMemory({ points: attempts * 10, duration: windowSeconds, keyPrefix: 'login-ip' });
  const refuse = (res: RateLimiterRes) => refusal(res, 'Trop de tentatives de connexion.');
  return {
    async check(ip, email) {
      const [pair, byIp] = await Promise.all([perPair.get(`${ip}|${email}`), perIp.get(ip)]);
      if (pair && pair.remainingPoints <= 0) throw refuse(pair);
      if (byIp && byIp.remainingPoints <= 0) throw refuse(byIp);
    },
    async fail(ip, email) {
      await Promise.all([
        perPair.consume(`${ip}|${email}`).catch(() => undefined),
        perIp.consume(ip).catch(() => undefined),
      ]);
    },
    async succeed(ip, email) {
      await perPair.delete(`${ip}|${email}`);
    },
  };
}

export interface KeyLimiter {
  /** 429 once `ip` has failed too often within the window */
  check(ip: string): Promise<void>;
  fail(ip: string): Promise<void>;
}

/** Failed uses of invitation links, per IP: `attempts` per `windowSeconds`. */
export function createInvitationLimiter(attempts: number, windowSeconds: number): KeyLimiter {
  const perIp = new RateLimiterMemory({ points: attempts, duration: windowSeconds, keyPrefix: 'invitation-ip' });
  return {
    async check(ip) {
      const res = await perIp.get(ip);
      if (res && res.remainingPoints <= 0) throw refusal(res, 'Trop de liens d’invitation incorrects depuis cette adresse.');
    },
    async fail(ip) {
      await perIp.consume(ip).catch(() => undefined);
    },
  };
}
