/**
 * Emission of an invoice draft (or of a credit note, or of a corrective invoice): the company must
 * be able to invoice (commerce README « Rules », Eligibility), the totals are recomputed, the sender is snapshotted, the number is
 * taken from the company's invoice counter, the hash chains it to the previously emitted invoice,
 * and the document is frozen from then on (entities.ts). A corrective invoice replaces its source
 * in the same transaction (credit/replacement.ts, README « Corrective invoice »). The steps shared
 * with `createAndEmit` (a new invoice in one request, emit-new.ts) are in emission-steps.ts.
 */
import { Value } from '@sinclair/typebox/value';
import { conflict, type CallContext, type TakenNumber } from '@comptoir/sdk';
import { Invoice, isDraftInvoice, type InvoiceDraftInput } from '../../../schemas/index.ts';
import { Invoices } from '../../entities.ts';
import { ALREADY_EMITTED, NO_LINES } from '../../messages.ts';
import { companies, numbering } from '../deps.ts';
import { assertWithinCreditable } from '../credit/credit.ts';
import { prepareReplacement } from '../credit/replacement.ts';
import { assertCanInvoice, assertEmittable, chainAndRecord, emissionChanges } from './emission-steps.ts';
import { createAndEmit } from './emit-new.ts';

export {
  assertCanInvoice, assertCanInvoiceReceiver, assertEmittable, assertVatCategories, chainAndRecord, emissionChanges, emissionFigures, withMentions,
} from './emission-steps.ts';

export function emissionService(ctx: CallContext) {
  const repo = () => ctx.repo(Invoices);
  return {
    /**
     * `taken`: the invoice number, when the caller had to take it before making the draft in the
     * same transaction (a credit note or corrective made and emitted at once, see emit-new.ts);
     * otherwise taken here.
     */
    async emit(id: string, taken?: TakenNumber): Promise<Invoice> {
      // the company before the counter: its sender and settings are read outside the lock
      const company = await companies(ctx).current();
      // The counter is locked before the draft is read: InnoDB shows a transaction the data as of its
      // first plain read, so reading after the lock is what lets the chain head below be the last
      // invoice emitted by any concurrent request (they all queue on this lock).
      taken ??= await numbering(ctx).take('invoice');
      // then the draft, locked: a deletion or an edit of it runs wholly before or after this emission
      const draft = await repo().getRawForUpdate(id) as Invoice;
      if (!isDraftInvoice(draft)) throw conflict(ALREADY_EMITTED);
      assertCanInvoice(company);
      if (draft.items.length === 0) throw conflict(NO_LINES);

      const changes = emissionChanges(draft, company, taken, ctx.now);
      assertEmittable({ ...draft, ...changes }, company);
      // counter → draft → its source invoice: what is left to credit is decided on the locked source
      await assertWithinCreditable(ctx, { ...draft, ...changes }, 'emission');
      // a corrective invoice: its source, locked the same way, is replaced (credit/replacement.ts)
      const replacement = await prepareReplacement(ctx, { ...draft, ...changes });
      // hashed as it will be stored: schema defaults filled as the repository fills them
      const stored = Value.Default(Invoice, structuredClone({ ...draft, ...changes })) as Invoice;
      // the draft read locked above is the one updated: not read again
      const write = async (hash: string) => await repo().update(id, { ...changes, ...replacement?.totals, hash }, { existing: draft }) as Invoice;
      return chainAndRecord(ctx, taken, stored, write, replacement);
    },

    /** A new invoice created and emitted in one request (emit-new.ts, README « Create and emit »). */
    createAndEmit: (input: InvoiceDraftInput, links?: { receipt?: string }): Promise<Invoice> => createAndEmit(ctx, input, links),
  };
}

export type EmissionService = ReturnType<typeof emissionService>;
