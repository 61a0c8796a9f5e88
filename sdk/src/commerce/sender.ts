/**
 * The sender printed on a document (commerce README « Decisions where the spec is silent », Sender): the issuing company's legal identity,
 * snapshotted when the document is emitted so that later company edits do not change it.
 */
import type { AddressLike } from './addresses.ts';

export interface Sender<A extends AddressLike = AddressLike> {
  name: string;
  capital?: number;
  address?: A;
  naf?: string;
  rm?: string;
  siren?: string;
  siret?: string;
  status?: string;
  telBusiness?: string;
  telMobile?: string;
  vatNumber?: string;
  /** RCS entry, « Lyon B 552 100 554 » */
  rcs?: string;
  /** the account the document asks to be paid into */
  iban?: string;
  bic?: string;
  /** « Option pour le paiement de la TVA d’après les débits » */
  vatOnDebits?: boolean;
  /** the company's default term of payment when the document was emitted */
  paymentTermsDays?: number;
}

/** What a sender is made from: a company has the same legal fields (and more, ignored). */
export type SenderCompanyLike<A extends AddressLike = AddressLike> = Sender<A>;

export function senderFromCompany<A extends AddressLike>(company: SenderCompanyLike<A>): Sender<A> {
  const sender: Sender<A> = { name: company.name };
  if (company.capital !== undefined) sender.capital = company.capital;
  if (company.address !== undefined) sender.address = { ...company.address };
  for (const key of ['naf', 'rm', 'siren', 'siret', 'status', 'telBusiness', 'telMobile', 'vatNumber', 'rcs', 'iban', 'bic'] as const) {
    if (company[key] !== undefined) sender[key] = company[key];
  }
  // a company with the option says so on its invoices; without it nothing is written (documents emitted before carry neither)
  if (company.vatOnDebits) sender.vatOnDebits = true;
  if (typeof company.paymentTermsDays === 'number') sender.paymentTermsDays = company.paymentTermsDays;
  return sender;
}
