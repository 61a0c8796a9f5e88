/**
 * Suggestions and matching (README « Matching »): `refresh` ranks the unpaid documents for the
 * operations not fully matched and keeps the inbox (`banking_suggestions`) up to date; `accept`
 * records the payment through the document's owner (« Facturation », « Achats ») and links both;
 * `hide` keeps a pair out of the inbox; `undo` cancels an accepted match by a reversing payment.
 *
 * Locks (README « Concurrency »): the operation's account, then the operation, then the
 * suggestion; the document is read after them and its owner locks it again to record the
 * payment (its refusal of more than what remains is a 409 passed on). So ten acceptances at once
 * never record more than what remains to pay.
 */
import { Decimal } from 'decimal.js';
import { badRequest, conflict, notFound, readAllPages, type CallContext, type FilterSpec } from '@comptoir/sdk';
import type { PaymentMode } from '@comptoir/schemas';
import type { AcceptInput, MatchDocumentType, Operation, RefreshInput, Suggestion, TransactionMode } from '../../../schemas/index.ts';
import { Operations, Suggestions } from '../../entities.ts';
import { ALREADY_DECIDED, DOCUMENT_SETTLED, GONE, NOT_ACCEPTED, NOT_OPEN, OPERATION_MATCHED, PART_TOO_LARGE } from '../../messages.ts';
import { lockAccount, lockAccounts } from '../operations/ledger.ts';
import { externalPurchases, invoicePayments, purchases } from '../deps.ts';
import { documentOf, unpaidDocuments } from './candidates.ts';
import { DocumentIndex, rank, remainingOf, type MatchDocument } from './score.ts';

const OPERATION_FIELDS = ['amount', 'matchedAmount', 'dateOperation', 'label', 'originalLabel', 'source', 'fk'];

/** the payment mode a bank operation's mode stands for (the invoice's payment is shown with it) */
export function paymentModeOf(mode: TransactionMode): Exclude<PaymentMode, 'credit-compensation'> {
  switch (mode) {
    case 'cb': case 'transfer': case 'debit': case 'check': case 'cash': return mode;
    case 'deposit': case 'withdrawal': return 'cash';
    default: return 'transfer';
  }
}

const docKey = (type: MatchDocumentType, id: string) => `${type}:${id}`;
const docIdOf = (s: Suggestion): string => (s.fk.invoice ?? s.fk.purchase ?? s.fk.externalPurchase)!;
const keyOf = (s: Suggestion) => docKey(s.documentType, docIdOf(s));
const fkOf = (doc: MatchDocument) => ({ invoice: null, purchase: null, externalPurchase: null, [doc.type]: doc.id });

/** what a payment of `amount` on the document moves on the bank (a supplier paid: money out) */
const bankSide = (type: MatchDocumentType, amount: Decimal.Value) => (type === 'invoice' ? new Decimal(amount) : new Decimal(amount).negated());

export function suggestionsService(ctx: CallContext) {
  const repo = () => ctx.repo(Suggestions);
  const operations = () => ctx.repo(Operations);

  /** records `bankAmount` (signed as on the bank) on the document; answers the payment's id */
  async function recordOnDocument(type: MatchDocumentType, id: string, op: Operation, bankAmount: Decimal, date: string): Promise<string> {
    const amount = (type === 'invoice' ? bankAmount : bankAmount.negated()).toNumber();
    const input = { amount, date, mode: paymentModeOf(op.transactionMode) };
    if (type === 'invoice') return (await invoicePayments(ctx).recordFromBank(id, input, op._id)).payment._id;
    const service = type === 'purchase' ? purchases(ctx) : externalPurchases(ctx);
    await service.recordPayment(id, input);
    // the payment just recorded: the last of the document's (its owner numbers them in order, under its counter)
    const list = await service.payments(id);
    return list.reduce((last, p) => ((p.number ?? 0) > (last.number ?? 0) ? p : last))._id;
  }

  /** the account, the operation, then the suggestion: locked in this order by every decision */
  async function lockDecision(id: string): Promise<{ suggestion: Suggestion; operation: Operation }> {
    const first = await repo().find(id);
    // a malformed id is a 400 as everywhere; an absent one may have gone with a refresh
    if (!first) await repo().get(id);
    if (!first) throw notFound(GONE);
    await lockAccount(ctx, first.fk.account);
    const operation = await operations().getForUpdate(first.fk.operation);
    const suggestion = await repo().getForUpdate(id).catch((e: unknown) => { throw (e as { status?: number }).status === 404 ? notFound(GONE) : e; });
    return { suggestion, operation };
  }

  /** open suggestions that no longer make sense once an operation or a document is settled */
  async function dropOpen(where: Record<string, string>, except: string): Promise<void> {
    for (const s of await repo().findMany({ ...where, status: 'open' })) if (s._id !== except) await repo().remove(s._id);
  }

  return {
    /**
     * Ranks the unpaid documents for every operation not fully matched (of `accounts`, between
     * `startDate` and `endDate`, or `operations`): the open suggestions are replaced, the hidden,
     * accepted and undone pairs are never suggested again. Answers the counts.
     */
    async refresh(input: RefreshInput = {}): Promise<{ examined: number; suggested: number; documents: number }> {
      const filters: Record<string, FilterSpec> = { source: { mode: 'neq', value: 'split' } };
      if (input.accounts?.length) filters['fk.account'] = { mode: 'in', value: input.accounts };
      if (input.operations?.length) filters._id = { mode: 'in', value: input.operations };
      if (input.startDate || input.endDate) {
        filters.dateOperation = { mode: input.startDate && input.endDate ? 'between' : input.startDate ? 'gte' : 'lte', valueIsDate: true, startDate: input.startDate, endDate: input.endDate };
      }
      const docs = await unpaidDocuments(ctx);
      const open = await repo().findMany({ status: 'open' });
      const everything = !input.accounts && !input.operations && !input.startDate && !input.endDate;
      if (docs.length === 0) {
        // nothing left to pay anywhere: no operation is read (an import of 100 000 lands here)
        const gone = open.filter((s) => everything || (input.accounts ?? []).includes(s.fk.account) || (input.operations ?? []).includes(s.fk.operation));
        await lockAccounts(ctx, gone.map((s) => s.fk.account));
        for (const s of gone) await repo().remove(s._id);
        return { examined: 0, suggested: 0, documents: 0 };
      }
      const ops = (await readAllPages<Operation>(operations(), filters, 'dateOperation', OPERATION_FIELDS))
        .filter((o) => !remainingOf(o).isZero());
      // one writer of an account's suggestions at a time, as for its operations
      await lockAccounts(ctx, [...new Set([...ops.map((o) => o.fk.account), ...open.map((s) => s.fk.account)])]);
      const decided = new Set<string>();
      const openByPair = new Map<string, Suggestion>();
      const inScope = new Set(ops.map((o) => o._id));
      const ids = [...inScope];
      const known: Suggestion[] = [];
      for (let i = 0; i < ids.length; i += 1000) known.push(...await repo().findMany({ 'fk.operation': ids.slice(i, i + 1000) }));
      for (const s of known) {
        if (s.status === 'open') openByPair.set(`${s.fk.operation}|${keyOf(s)}`, s);
        else decided.add(`${s.fk.operation}|${keyOf(s)}`);
      }
      const index = new DocumentIndex(docs);
      const create: Record<string, unknown>[] = [];
      const keep = new Set<string>();
      for (const op of ops) {
        for (const { doc, fit } of rank(op, index, 8)) {
          const pair = `${op._id}|${docKey(doc.type, doc.id)}`;
          if (decided.has(pair)) continue;
          const fields = {
            documentNumber: doc.number.slice(0, 255) || '—', documentName: doc.name.slice(0, 255) || '—', documentDate: doc.date,
            documentTotal: doc.total, unpaidAmount: doc.unpaid, score: fit.score, reasons: fit.reasons,
          };
          const existing = openByPair.get(pair);
          keep.add(pair);
          if (existing) {
            if (existing.score !== fit.score || existing.unpaidAmount !== doc.unpaid || JSON.stringify(existing.reasons) !== JSON.stringify(fit.reasons)) {
              await repo().update(existing._id, fields);
            }
          } else {
            create.push({ ...fields, status: 'open', documentType: doc.type, fk: { operation: op._id, account: op.fk.account, ...fkOf(doc) } });
          }
        }
      }
      // the open suggestions of these operations that no longer fit, and those of operations since matched or deleted
      for (const [pair, s] of openByPair) if (!keep.has(pair)) await repo().remove(s._id);
      if (everything) {
        for (const s of open) if (!inScope.has(s.fk.operation)) await repo().remove(s._id);
      }
      await repo().createMany(create);
      return { examined: ops.length, suggested: keep.size, documents: docs.length };
    },

    /**
     * Records the payment on the document: what remains of the operation, at most what remains to
     * pay (or `amount`, less), dated the operation's day, in its mode; links the payment to the
     * operation on both sides. Answers the suggestion and the operation.
     */
    async accept(id: string, input: AcceptInput = {}): Promise<{ suggestion: Suggestion; operation: Operation }> {
      const { suggestion, operation } = await lockDecision(id);
      if (suggestion.status === 'accepted' || suggestion.status === 'undone') throw conflict(ALREADY_DECIDED);
      const remaining = remainingOf(operation);
      if (remaining.isZero()) throw conflict(OPERATION_MATCHED);
      const docId = docIdOf(suggestion);
      const doc = await documentOf(ctx, suggestion.documentType, docId);
      const expected = new Decimal(doc?.bankAmount ?? 0);
      if (!doc || expected.isZero()) throw conflict(DOCUMENT_SETTLED);
      if (expected.isNegative() !== remaining.isNegative()) throw conflict(DOCUMENT_SETTLED);
      let bankAmount = remaining.abs().lt(expected.abs()) ? remaining : expected;
      if (input.amount !== undefined) {
        const asked = new Decimal(input.amount);
        if (asked.gt(bankAmount.abs())) throw badRequest(PART_TOO_LARGE(bankAmount.abs().toFixed(2)), [{ field: 'amount', message: `au plus ${bankAmount.abs().toFixed(2)} €` }]);
        bankAmount = bankAmount.isNegative() ? asked.negated() : asked;
      }
      const paymentId = await recordOnDocument(suggestion.documentType, docId, operation, bankAmount, operation.dateOperation);
      const listField = suggestion.documentType === 'invoice' ? 'payments' : 'purchasePayments';
      const updated = await operations().update(operation._id, {
        matchedAmount: new Decimal(operation.matchedAmount ?? 0).plus(bankAmount).toNumber(),
        fk: { [listField]: [...(operation.fk[listField] ?? []), paymentId] },
      });
      const decided = await repo().update(id, {
        status: 'accepted', amount: bankSide(suggestion.documentType, bankAmount).toNumber(), decidedAt: ctx.now.toISOString(),
        fk: { [suggestion.documentType === 'invoice' ? 'invoicePayments' : 'purchasePayments']: [paymentId] },
      });
      // the operation settled: its other suggestions go. Those of other operations for this
      // document stay until the next refresh (they may be locked by a decision on another
      // account now: deleting them here could deadlock); accepting one is a clear 409
      if (remainingOf(updated).isZero()) await dropOpen({ 'fk.operation': operation._id }, id);
      return { suggestion: decided, operation: updated };
    },

    /** an open suggestion left out of the inbox, and never suggested again for this pair */
    async hide(id: string): Promise<Suggestion> {
      const suggestion = await repo().getForUpdate(id);
      if (suggestion.status !== 'open') throw conflict(NOT_OPEN);
      return repo().update(id, { status: 'hidden', decidedAt: ctx.now.toISOString() });
    },

    /**
     * Cancels an accepted match: the document gets the opposite payment (payments are frozen,
     * DESIGN §4), dated today, linked to the operation like the first; the operation's matched part
     * goes back. The pair is not suggested again.
     */
    async undo(id: string): Promise<{ suggestion: Suggestion; operation: Operation }> {
      const { suggestion, operation } = await lockDecision(id);
      if (suggestion.status !== 'accepted' || suggestion.amount == null) throw conflict(NOT_ACCEPTED);
      const bankAmount = bankSide(suggestion.documentType, suggestion.amount);
      const paymentId = await recordOnDocument(suggestion.documentType, docIdOf(suggestion), operation, bankAmount.negated(), ctx.now.toISOString());
      const listField = suggestion.documentType === 'invoice' ? 'payments' : 'purchasePayments';
      const sugField = suggestion.documentType === 'invoice' ? 'invoicePayments' : 'purchasePayments';
      const updated = await operations().update(operation._id, {
        matchedAmount: new Decimal(operation.matchedAmount ?? 0).minus(bankAmount).toNumber(),
        fk: { [listField]: [...(operation.fk[listField] ?? []), paymentId] },
      });
      const decided = await repo().update(id, {
        status: 'undone', decidedAt: ctx.now.toISOString(),
        fk: { [sugField]: [...(suggestion.fk[sugField] ?? []), paymentId] },
      });
      return { suggestion: decided, operation: updated };
    },
  };
}

export type SuggestionsService = ReturnType<typeof suggestionsService>;
