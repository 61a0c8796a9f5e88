/** Passwords are hashed with argon2id (a maintained native binding, not hand-rolled crypto). */
import { hash, verify } from '@node-rs/argon2';

// algorithm 2 is Argon2id (a const enum of the binding, not importable under verbatimModuleSyntax)
const OPTIONS = { algorithm: 2, memoryCost: 19456, timeCost: 2, parallelism: 1 };

export function hashPassword(password: string): Promise<string> {
  return hash(password, OPTIONS);
}

export async function verifyPassword(stored: string | null | undefined, password: string): Promise<boolean> {
  if (!stored) return false;
  try { return await verify(stored, password); } catch { return false; }
}

/**
 * A fixed hash verified when the e-mail is unknown, so that an unknown e-mail and a wrong password
 * take the same time and give the same answer (http README « Authentication and company »).
 */
let dummy: Promise<string> | null = null;
export function dummyHash(): Promise<string> {
  return (dummy ??= hashPassword('comptoir-dummy-password'));
}
