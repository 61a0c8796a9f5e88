/**
 * The receiver printed on a document (commerce README « Rules »), snapshotted from a customer or a
 * company; a delivery or invoicing address is copied only when exactly one is flagged for that use.
 */
import { singleFlaggedAddress, type AddressLike } from './addresses.ts';

export interface Receiver<A extends AddressLike = AddressLike> {
  civ?: string;
  company?: string;
  firstname?: string;
  name?: string;
  telHome?: string;
  telMobile?: string;
  vatNumber?: string;
  invoicingAddress?: A;
  deliveryAddress?: A;
  /** a customer's invoicing identifiers (issue 13): printed and in the e-invoice */
  siren?: string;
  siret?: string;
  electronicAddress?: string;
  /** said on the customer (absent: derived from its names, see invoicing « Document rules ») */
  professional?: boolean;
  /** the customer's own term of payment (absent: the company's) */
  paymentTermsDays?: number;
}

/** The customer fields a receiver is made from: the receiver's identity, plus its addresses. */
export type CustomerLike<A extends AddressLike = AddressLike> =
  Omit<Receiver<A>, 'invoicingAddress' | 'deliveryAddress' | 'professional' | 'paymentTermsDays'>
  & { addresses?: A[]; professional?: boolean | null; paymentTermsDays?: number | null };

/** A text worth copying: blank is no value. */
const filled = (v: string | undefined): string | undefined => (v && v.trim() !== '' ? v : undefined);

export interface ReceiverCompanyLike<A extends AddressLike = AddressLike> {
  name?: string;
  brandName?: string;
  telBusiness?: string;
  telMobile?: string;
  vatNumber?: string;
  siren?: string;
  siret?: string;
  address?: A;
}

/** Only the defined values: a snapshot does not carry `undefined` keys into JSON columns. */
function compact<T extends object>(o: T): T {
  return Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined)) as T;
}

const copy = <A extends AddressLike>(a: A | undefined): A | undefined => (a ? { ...a } : undefined);

export function receiverFromCustomer<A extends AddressLike>(c: CustomerLike<A>): Receiver<A> {
  return compact({
    civ: c.civ,
    company: c.company,
    firstname: c.firstname,
    name: c.name,
    telHome: c.telHome,
    telMobile: c.telMobile,
    vatNumber: c.vatNumber,
    invoicingAddress: copy(singleFlaggedAddress(c.addresses, 'invoicing')),
    deliveryAddress: copy(singleFlaggedAddress(c.addresses, 'delivery')),
    siren: filled(c.siren),
    siret: filled(c.siret),
    electronicAddress: filled(c.electronicAddress),
    professional: typeof c.professional === 'boolean' ? c.professional : undefined,
    paymentTermsDays: typeof c.paymentTermsDays === 'number' ? c.paymentTermsDays : undefined,
  });
}

/**
 * A company receiving a quotation: its legal name goes to `company`; its business phone, the only
 * landline a company has, goes to `telHome`; its single address is copied for each use it is
 * flagged for.
 */
export function receiverFromCompany<A extends AddressLike>(c: ReceiverCompanyLike<A>): Receiver<A> {
  const addresses = c.address ? [c.address] : [];
  return compact({
    company: c.name,
    telHome: c.telBusiness,
    telMobile: c.telMobile,
    vatNumber: c.vatNumber,
    invoicingAddress: copy(singleFlaggedAddress(addresses, 'invoicing')),
    deliveryAddress: copy(singleFlaggedAddress(addresses, 'delivery')),
    siren: filled(c.siren),
    siret: filled(c.siret),
  });
}
