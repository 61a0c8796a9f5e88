/**
 * A new record id, made here because an event is hashed before it is inserted (its `_id` is part of
 * what the hash covers). Same shape as the kernel's: 4 bytes of seconds, then random bytes.
 */
import { randomBytes } from 'node:crypto';

export function newRecordId(now: Date = new Date()): string {
  const seconds = Math.floor(now.getTime() / 1000).toString(16).padStart(8, '0').slice(-8);
  return seconds + randomBytes(8).toString('hex');
}
