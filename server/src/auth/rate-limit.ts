/**
 * Login throttling with rate-limiter-flexible: failures are counted per (IP, e-mail) and per IP.
 * In-memory per process; with several processes the same limiter class runs on Redis.
 */
import { RateLimiterMemory, RateLimiterRes } from 'rate-limiter-flexible';
import { HttpError } from '@comptoir/sdk';

export interface LoginLimiter {
  check(ip: string, email: string): Promise<void>;
  fail(ip: string, email: string): Promise<void>;
  succeed(ip: string, email: string): Promise<void>;
}

export function createLoginLimiter(attempts: number, windowSeconds: number): LoginLimiter {
  const perPair = new RateLimiterMemory({ points: attempts, duration: windowSeconds, keyPrefix: 'login-pair' });
  const perIp = new RateLimiterMemory({ points: attempts * 10, duration: windowSeconds, keyPrefix: 'login-ip' });
  const refuse = (res: RateLimiterRes) => {
    const minutes = Math.max(1, Math.ceil(res.msBeforeNext / 60000));
    return new HttpError('RATE_LIMITED', `Trop de tentatives de connexion. Réessayez dans ${minutes} minute${minutes > 1 ? 's' : ''}.`);
  };
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
