/**
 * The receiver snapshotted on a document from a customer (contacts) or from a company of this
 * server (kernel): addresses are copied only when exactly one is flagged for the use (commerce README).
 */
import type { CallContext } from '@comptoir/sdk';
import { receiverFromCompany, receiverFromCustomer } from '@comptoir/sdk/commerce';
import type { Receiver } from '@comptoir/schemas';
import { UNKNOWN_COMPANY, UNKNOWN_CUSTOMER } from '../../messages.ts';
import { companies, customers, referenced } from '../deps.ts';

export async function receiverForCustomer(ctx: CallContext, customerId: string): Promise<Receiver> {
  const customer = await referenced('fk.receiverCustomer', UNKNOWN_CUSTOMER, () => customers(ctx).get(customerId));
  return receiverFromCustomer(customer) as Receiver;
}

/**
 * A company of this server named as a receiver (`fk.receiverCompany`): one the caller is a member
 * of, else the same 400 « Entreprise destinataire introuvable. » whether it exists or not — the
 * answer must not tell which ids are companies (`kernel.companies.get` answers 404 for both).
 * Checked whenever the field is given, even with a `receiver` written by hand: the repository's
 * own reference check only asks whether the company exists (a different sentence).
 */
export async function assertReceiverCompany(ctx: CallContext, companyId: string): Promise<void> {
  await receiverForCompany(ctx, companyId);
}

export async function receiverForCompany(ctx: CallContext, companyId: string): Promise<Receiver> {
  const company = await referenced('fk.receiverCompany', UNKNOWN_COMPANY, () => companies(ctx).get(companyId));
  return receiverFromCompany(company) as Receiver;
}
