/**
 * The provider of an imported invoice: the seller matched to a provider of the company, by VAT
 * number, then by SIREN (a French VAT number is FR + key + SIREN, a SIRET starts with it), then by
 * name (case, accents and punctuation ignored). The contacts plugin's list answers candidates
 * narrowed in SQL (`contains`); the exact comparison is made here on normalized values, because
 * people type VAT numbers with spaces.
 */
import type { CallContext, FilterSpec } from '@comptoir/sdk';
import { clipText, type Receiver } from '@comptoir/schemas';
import { providers, type Provider } from '../deps.ts';
import type { CiiParty } from './cii-read.ts';
import { addressOf, legalNumbers } from './cii-to-purchase.ts';

export const normalizeVat = (v: string) => v.replace(/[\s.-]/g, '').toUpperCase();
export const normalizeName = (s: string) =>
  s.normalize('NFD').replace(/\p{Diacritic}/gu, '').toLowerCase().replace(/[^a-z0-9]+/g, ' ').trim();
/** The SIREN inside a French VAT number. */
export const sirenOfVat = (vat: string) => vat.match(/^FR[0-9A-Z]{2}(\d{9})$/)?.[1];

const MAX_PAGES = 20;

async function candidates(ctx: CallContext, filters: Record<string, FilterSpec>): Promise<Provider[]> {
  const out: Provider[] = [];
  let cursor: string | undefined;
  for (let page = 0; page < MAX_PAGES; page++) {
    const answer = await providers(ctx).list({ filters, pagination: cursor ? { quantity: 500, cursor } : { quantity: 500 } });
    out.push(...answer.data);
    if (!answer.next) break;
    cursor = answer.next;
  }
  return out;
}

export interface Matched { provider: Provider; by: 'vatNumber' | 'siren' | 'name' }

export async function matchProvider(ctx: CallContext, seller: CiiParty): Promise<Matched | null> {
  const vat = seller.vatNumber ? normalizeVat(seller.vatNumber) : undefined;
  const siren = legalNumbers(seller).siren ?? (vat ? sirenOfVat(vat) : undefined);
  const key = siren ?? vat;
  if (key && key.length >= 3) {
    const found = await candidates(ctx, { vatNumber: { mode: 'contains', value: key.slice(-3) } });
    const byVat = vat && found.find((p) => p.vatNumber && normalizeVat(p.vatNumber) === vat);
    if (byVat) return { provider: byVat, by: 'vatNumber' };
    const bySiren = siren && found.find((p) => p.vatNumber && sirenOfVat(normalizeVat(p.vatNumber)) === siren);
    if (bySiren) return { provider: bySiren, by: 'siren' };
  }
  const name = seller.name ? normalizeName(seller.name) : '';
  if (name) {
    const found = await candidates(ctx, { displayName: { mode: 'contains', value: clipText(seller.name!) } });
    const byName = found.find((p) => [p.company, p.displayName].some((n) => n && normalizeName(n) === name));
    if (byName) return { provider: byName, by: 'name' };
  }
  return null;
}

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** The new provider's record, from the seller as the invoice names it. */
export function providerBody(seller: CiiParty, invoiceNumber: string | undefined): Record<string, unknown> {
  const { siret, siren } = legalNumbers(seller);
  const address = addressOf(seller.address);
  return Object.fromEntries(Object.entries({
    company: clipText(seller.name ?? ''),
    vatNumber: seller.vatNumber && clipText(seller.vatNumber),
    email: seller.email && EMAIL.test(seller.email) && seller.email.length <= 255 ? seller.email : undefined,
    telHome: seller.phone && clipText(seller.phone),
    addresses: address ? [address] : undefined,
    notes: `Fiche créée à l’import de la facture${invoiceNumber ? ` n° ${invoiceNumber}` : ''}${siret ? ` (SIRET ${siret})` : siren ? ` (SIREN ${siren})` : ''}.`,
    extradata: siret || siren ? { siret, siren } : undefined,
  }).filter(([, v]) => v !== undefined));
}

/** The purchase's provider snapshot when no provider record is kept. */
export function sellerSnapshot(seller: CiiParty): Receiver | undefined {
  if (!seller.name && !seller.vatNumber) return undefined;
  const address = addressOf(seller.address);
  return Object.fromEntries(Object.entries({
    company: seller.name && clipText(seller.name), vatNumber: seller.vatNumber && clipText(seller.vatNumber), invoicingAddress: address,
  }).filter(([, v]) => v !== undefined)) as Receiver;
}
