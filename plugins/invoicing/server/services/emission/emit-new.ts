/**
 * A new invoice created and emitted in one request (`POST /invoices/emit`, README « Create and
 * emit »): « Émettre » on an invoice never saved, recurring invoices emitted at once, and the
 * coming till's receipts. The same document and the same refusals as `POST /invoices` then
 * `POST /invoices/:id/emit`, in one transaction that holds the company's counter only for what
 * needs it (README « Emission under the counter »):
 *
 * 1. before the counter — the body checked, the company and the customer read, the lines and
 *    totals computed, the emission's refusals (409), the document prepared as the repository will
 *    store it (defaults, computed fields, user properties, validation: 400);
 * 2. under the counter — the number, the previous hash (the chain's stored head), the INSERT with
 *    number and hash, the reference check, the head, the customer's balance;
 * 3. the activities in one INSERT, the commit, then the events.
 *
 * A refusal in step 1 writes nothing and takes no number; one in step 2 rolls the number back with
 * the rest. The body is `POST /invoices`'s, which names no source invoice: credit notes and
 * corrective invoices of an invoice are made by their own routes, then emitted.
 */
import type { CallContext } from '@comptoir/sdk';
import type { Invoice, InvoiceDraftInput } from '../../../schemas/index.ts';
import { Invoices } from '../../entities.ts';
import { companies, numbering } from '../deps.ts';
import { newDraft } from '../documents/drafts.ts';
import { assertDeliveryDate, assertInstant } from '../documents/limits.ts';
import { assertTotalSign } from '../documents/totals.ts';
import { assertEmittable, chainAndRecord, emissionFigures } from './emission-steps.ts';

/**
 * `links`: what only another plugin's service sets, never a body — the till's receipt this invoice
 * is made from (`fk.receipt`, plugins/pos README « Receipt to invoice »; checked as a reference).
 */
export async function createAndEmit(ctx: CallContext, input: InvoiceDraftInput, links: { receipt?: string } = {}): Promise<Invoice> {
  assertInstant('date', input.date);
  assertDeliveryDate(input.deliveryDate);

  // 1. outside the lock
  const company = await companies(ctx).current();
  // the lines computed once, as emission computes them (the sender's snapshot: the company's)
  const draft = await newDraft(ctx, input, company, { figures: false });
  const withFk = { ...draft, items: draft.items ?? [], fk: { ...(draft.fk ?? {}), ...(links.receipt ? { receipt: links.receipt } : {}) } } as Invoice;
  const doc = { ...withFk, ...emissionFigures(withFk, company, ctx.now) } as Invoice;
  // what POST /invoices refuses (400), then what emission refuses (409)
  assertTotalSign(doc, 'save');
  assertEmittable(doc, company);
  const prepared = await ctx.repo(Invoices).prepareCreate(doc as unknown as Record<string, unknown>);

  // 2. under the counter, held until the commit
  const taken = await numbering(ctx).take('invoice');
  const numbers = { number: taken.number, numberFull: taken.numberFull };
  // hashed as it will be stored: the prepared document is the stored one
  const stored = { ...prepared.doc, ...numbers } as Invoice;
  const write = async (hash: string) => await prepared.write({ ...numbers, hash }) as Invoice;
  return chainAndRecord(ctx, taken, stored, write, null);
}
