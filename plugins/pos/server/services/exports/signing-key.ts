/**
 * The company's Ed25519 key pair that signs its exports (README « Signed export »), made on first
 * use. The caller holds the company's counters (the first lock of every action of the till), so
 * two first exports at once make one key; a unique index on the company is the last guard.
 */
import { generateKeyPairSync } from 'node:crypto';
import type { CallContext } from '@comptoir/sdk';
import type { SigningKey } from '../../../schemas/index.ts';
import { SigningKeys } from '../../entities.ts';
import { SIGNATURE_ALGORITHM } from './export-file.ts';

export async function companySigningKey(ctx: CallContext): Promise<SigningKey> {
  const existing = await ctx.repo(SigningKeys).findOneRaw({ algorithm: SIGNATURE_ALGORITHM }) as SigningKey | null;
  if (existing) return existing;
  const pair = generateKeyPairSync('ed25519');
  const publicKey = pair.publicKey.export({ type: 'spki', format: 'pem' }).toString();
  const privateKey = pair.privateKey.export({ type: 'pkcs8', format: 'pem' }).toString();
  const created = await ctx.repo(SigningKeys).create({ algorithm: SIGNATURE_ALGORITHM, publicKey, privateKey }) as SigningKey;
  return { ...created, privateKey };
}

/** The public half, or null before the first export. */
export async function companyPublicKey(ctx: CallContext): Promise<string | null> {
  const key = await ctx.repo(SigningKeys).findOne({ algorithm: SIGNATURE_ALGORITHM }) as SigningKey | null;
  return key?.publicKey ?? null;
}
