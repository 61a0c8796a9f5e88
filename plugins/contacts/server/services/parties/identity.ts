/** Rules on who a customer or provider is: plain data in, plain data out. */
import { randomBytes } from 'node:crypto';
import { badRequest } from '@comptoir/sdk';
import { customerDisplayName } from '@comptoir/schemas';

interface PartyNames { company?: string | null; firstname?: string | null; name?: string | null }

/**
 * A customer or provider needs a name, a first name or a company name: its display name (contacts README
 * « Entities ») is built from them, and a blank line in a customer list helps nobody.
 */
export function assertIdentified(p: PartyNames): void {
  if (customerDisplayName(p) === '') {
    throw badRequest('Indiquez au moins un nom, un prénom ou une raison sociale.', [
      { field: 'name', message: 'nom, prénom ou raison sociale obligatoire' },
    ]);
  }
}

/** A direct-access key: 32 random hex characters, unguessable. */
export function newDirectAccessKey(): string {
  return randomBytes(16).toString('hex');
}
