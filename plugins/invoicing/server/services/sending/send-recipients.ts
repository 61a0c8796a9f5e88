/**
 * Who receives a sent invoice or quotation when the person sending names nobody: the customer's
 * contacts flagged « destinataire des factures » (`invoicesReceiver`) or « des devis »
 * (`quotationsReceiver`) — the first e-mail address of each —, else the customer's own e-mail.
 */
import type { CallContext } from '@comptoir/sdk';
import { contacts, customerEmail } from '../deps.ts';

export type ReceiverKind = 'invoices' | 'quotations';

/** what the default recipients read of a contact (plain data, so the rule is tested without a kernel) */
interface ContactLike { emails?: { email?: string | null }[] }


/** The addresses, each once (compared without case), in the order given; blanks dropped. */
export function uniqueAddresses(addresses: (string | null | undefined)[]): string[] {
  const seen = new Set<string>();
  const out: string[] = [];
  for (const a of addresses) {
    const address = a?.trim();
    if (!address || seen.has(address.toLowerCase())) continue;
    seen.add(address.toLowerCase());
    out.push(address);
  }
  return out;
}

/** The flagged contacts' first addresses, else the customer's address. */
export function defaultRecipients(contacts: ContactLike[], customerEmail: string | null | undefined): string[] {
  const flagged = uniqueAddresses(contacts.map((c) => c.emails?.find((e) => e.email?.trim())?.email));
  return flagged.length ? flagged : uniqueAddresses([customerEmail]);
}

/** Loads the contacts and the customer (a customer deleted since has no address). */
export async function recipientsOf(ctx: CallContext, customerId: string | null | undefined, kind: ReceiverKind): Promise<string[]> {
  if (!customerId) return [];
  const receivers = await contacts(ctx).receiversOf(customerId, kind);
  return defaultRecipients(receivers, await customerEmail(ctx, customerId));
}
