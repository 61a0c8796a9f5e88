/**
 * Seller (BG-4), buyer (BG-7) and deliver-to (BG-13) from the invoice's snapshots: the sender as
 * emitted, the receiver as invoiced. What EN 16931 and CIUS-FR cannot do without is reported as
 * missing, in French: the seller's SIREN (BT-30, BR-FR-10), its VAT number when it charges VAT
 * (BR-S-02, BR-Z-02), a postal address with a known country for both (BR-8 to BR-11), the buyer's
 * name (BR-7). French law also wants the customer's address on an invoice, so a missing one is
 * reported rather than sent as a bare country.
 *
 * Electronic addresses (BT-34, BT-49), the reform's directory ones when known (scheme 0225,
 * BR-FR-21..23): the seller's is its SIREN; the buyer's is the one its customer record gives, else
 * its e-mail (scheme EM). The buyer's SIREN (BT-47, scheme 0002) is `buyerSiren` of the receiver
 * snapshot — the one the PDF prints —, else what the customer record adds (`context.buyer`).
 */
import type { Address, Receiver } from '@comptoir/schemas';
import { personalName } from '@comptoir/schemas';
import { SCHEME_EMAIL } from './codes.ts';
import { SCHEME_ELECTRONIC_ADDRESS, countryCode, electronicAddress, sirenOf, siret, vatNumber } from './identifiers.ts';
import { buyerSiren, legalInformation } from '../document-terms.ts';
import { differentDeliveryAddress } from '../documents/operation.ts';
import { joined, text } from './format.ts';
import type { CiiAddress, CiiParty, FacturXContext, FacturXInvoice, MissingField } from './types.ts';

type Who = 'seller' | 'buyer';
const OF: Record<Who, string> = { seller: 'de l’entreprise', buyer: 'du client' };

/** BG-5 / BG-8: street, city and zip code are required (French invoice), the country must be known. */
function address(a: Address | undefined, who: Who, field: string, missing: MissingField[]): CiiAddress {
  const line1 = text(a?.address);
  const city = text(a?.city);
  const postcode = text(a?.zipCode);
  if (!a || !line1 || !city || !postcode) {
    const label = who === 'buyer' ? 'l’adresse de facturation du client (rue, code postal, ville)' : 'l’adresse de l’entreprise (rue, code postal, ville)';
    missing.push({ field, label });
  }
  const country = countryCode(a?.country);
  if (!country) missing.push({ field: `${field}.country`, label: `le pays ${OF[who]} (« ${a?.country} » n’est pas un pays reconnu)` });
  return { postcode, line1, line2: text(a?.address2), city, country: country ?? '' };
}

export function seller(invoice: FacturXInvoice, context: FacturXContext, missing: MissingField[]): CiiParty {
  const s = invoice.sender ?? {};
  const name = text(s.name);
  if (!name) missing.push({ field: 'sender.name', label: 'le nom de l’entreprise' });
  const sirenId = sirenOf(s);
  if (!sirenId) missing.push({ field: 'sender.siren', label: 'le SIREN de l’entreprise (9 chiffres)' });
  const vat = vatNumber(s.vatNumber);
  if (invoice.subjectToVAT && !vat) {
    missing.push({ field: 'sender.vatNumber', label: 'le numéro de TVA intracommunautaire de l’entreprise (code pays puis numéro, par ex. FR12345678901)' });
  }
  const siretId = siret(s.siret);
  const brand = text(context.seller?.brandName);
  const email = text(context.seller?.email);
  const phone = text(s.telBusiness) ?? text(s.telMobile);
  return {
    // BR-FR-09: a SIRET is written only when it starts with the SIREN
    siret: siretId && sirenId && siretId.startsWith(sirenId) ? siretId : undefined,
    name: name ?? '',
    description: legalInformation(s),
    siren: sirenId ?? undefined,
    tradingName: brand && brand !== name ? brand : undefined,
    contact: phone || email || text(invoice.userName) ? { person: text(invoice.userName), phone, email } : undefined,
    address: address(s.address, 'seller', 'sender.address', missing),
    endpoint: sirenId ? { id: sirenId, scheme: SCHEME_ELECTRONIC_ADDRESS } : email ? { id: email, scheme: SCHEME_EMAIL } : undefined,
    vatNumber: vat ?? undefined,
    // BR-E-02: without a VAT number, the SIREN is the seller's tax registration
    fiscalId: !vat && sirenId ? sirenId : undefined,
  };
}

const personName = (r: Receiver): string | undefined => joined([text(r.civ), text(r.firstname), text(r.name)], ' ');

function buyerEndpoint(directory: string | null, sirenId: string | null, email: string | undefined): CiiParty['endpoint'] {
  if (directory) return { id: directory, scheme: SCHEME_ELECTRONIC_ADDRESS };
  if (sirenId) return { id: sirenId, scheme: SCHEME_ELECTRONIC_ADDRESS };
  return email ? { id: email, scheme: SCHEME_EMAIL } : undefined;
}

export function buyer(invoice: FacturXInvoice, context: FacturXContext, missing: MissingField[]): CiiParty {
  const r = invoice.receiver ?? {};
  // BT-44 is the legal name: the company, else the person (a private customer)
  const name = text(r.company) ?? text(personalName(r));
  if (!name) missing.push({ field: 'receiver.name', label: 'le nom du client' });
  const sirenId = buyerSiren(r) ?? sirenOf(context.buyer ?? {});
  const siretId = siret(r.siret) ?? siret(context.buyer?.siret);
  const email = text(context.buyer?.email);
  const directory = electronicAddress(r.electronicAddress);
  const phone = text(r.telHome) ?? text(r.telMobile);
  // a person at a company is the buyer's contact point (BT-56); the company is the buyer
  const person = text(r.company) ? personName(r) : undefined;
  return {
    siret: siretId && sirenId && siretId.startsWith(sirenId) ? siretId : undefined,
    name: name ?? '',
    siren: sirenId ?? undefined,
    contact: person || phone || email ? { person, phone, email } : undefined,
    address: address(r.invoicingAddress ?? r.deliveryAddress, 'buyer', 'receiver.invoicingAddress', missing),
    // BT-49: the directory address given, else the SIREN (every company's default address in the
    // directory, as the seller's), else the e-mail (README « Factur-X », Electronic addresses)
    endpoint: buyerEndpoint(directory, sirenId, email),
    vatNumber: vatNumber(r.vatNumber) ?? undefined,
  };
}

/** BG-13: the delivery address, when the receiver has one that is not its invoicing address (printed too: `differentDeliveryAddress`). */
export function shipTo(invoice: FacturXInvoice, buyerName: string, missing: MissingField[]): { name: string; address: CiiAddress } | undefined {
  const delivery = differentDeliveryAddress(invoice.receiver);
  if (!delivery) return undefined;
  const country = countryCode(delivery.country);
  if (!country) {
    missing.push({ field: 'receiver.deliveryAddress.country', label: `le pays de livraison (« ${delivery.country} » n’est pas un pays reconnu)` });
  }
  return {
    name: text(delivery.name) ?? buyerName,
    address: { postcode: text(delivery.zipCode), line1: text(delivery.address), line2: text(delivery.address2), city: text(delivery.city), country: country ?? '' },
  };
}
