/**
 * The till's floor (bench/README.md « POS suite »): a bare Koa + knex server on the same database
 * answering POST /receipts with the best SQL written by hand for exactly what the kernel writes —
 * the same receipt row (lines and VAT from the engine, the payments with the change from the
 * drawer, the hash chained on the previous receipt), under the same counter lock: in one
 * transaction the company row locked (SELECT … FOR UPDATE on MariaDB; SQLite has one writer) for
 * its counter, the register locked for its drawer, the chain head read, the receipt inserted, the
 * drawer, the head and the counter updated. No authentication, no validation beyond the body.
 */
import Koa from 'koa';
import type { Knex } from 'knex';
import { computeDocument, senderFromCompany } from '@comptoir/sdk/commerce';
import { formatDocumentNumber, type Company } from '@comptoir/schemas';
import { encodeRow } from '../../../server/src/db/record-codec.ts';
import { newId } from '../../../server/src/util/ids.ts';
import { Receipts } from '../../../plugins/pos/server/entities.ts';
import { receiptHash } from '../../../plugins/pos/server/services/receipts/hash.ts';
import { settlePayments } from '../../../plugins/pos/server/services/receipts/payments.ts';
import type { CashDetails, ReceiptPaymentInput } from '@comptoir/plugin-pos/contract';
import type { Engine } from '../database.ts';
import { listen, type Floor } from '../floor.ts';

type Row = Record<string, unknown>;
const parse = (v: unknown) => (typeof v === 'string' ? JSON.parse(v) : v);

export interface PosFloorOptions { db: Knex; engine: Engine; companyId: string; userId: string }

async function createReceipt(o: PosFloorOptions, body: { cashRegisterId: string; items: Row[]; payments: ReceiptPaymentInput[] }): Promise<Row> {
  const computed = computeDocument({ items: body.items, subjectToVAT: true, vatCalculationMethod: 'rounded-total' });
  return o.db.transaction(async (trx) => {
    const company = trx('kernel_companies').where('_id', o.companyId).first('name', 'address', 'siret', 'siren', 'vatNumber', 'numbering');
    if (o.engine === 'mysql') company.forUpdate();
    const c = (await company) as Row;
    const numbering = parse(c.numbering) as Record<string, { next?: number; minDigits?: number; prefix?: string; suffix?: string }>;
    const setting = { next: 1, minDigits: 7, prefix: '', suffix: '', ...numbering.receipt };
    const register = trx('pos_cash_registers').where({ _id: body.cashRegisterId, fk_company: o.companyId }).first('cash', 'numberFull', 'useCashDetails', 'fk_openingVerification');
    if (o.engine === 'mysql') register.forUpdate();
    const r = (await register) as Row;
    const now = new Date().toISOString();
    const settled = settlePayments(body.payments, parse(r.cash) as CashDetails, { useCashDetails: !!r.useCashDetails, date: now });
    if ('problem' in settled) throw Object.assign(new Error(settled.problem.message), { status: settled.problem.status });
    const head = await trx('pos_chain_heads').where({ fk_company: o.companyId, chain: 'receipt' }).first('_id', 'lastHash');
    const number = setting.next;
    const doc: Row = {
      _id: newId(), subjectToVAT: true, vatCalculationMethod: 'rounded-total', ...computed, date: now,
      sender: senderFromCompany({ name: c.name, ...(c.address ? { address: parse(c.address) } : {}), ...(c.siret ? { siret: c.siret } : {}), ...(c.vatNumber ? { vatNumber: c.vatNumber } : {}) } as unknown as Company),
      number, numberFull: formatDocumentNumber(setting, number), cashRegisterNumber: r.numberFull,
      payments: settled.payments, refund: false, missingCash: settled.missingCash,
      metadata: { creationDate: now, lastModificationDate: now, createdBy: o.userId, lastModifiedBy: o.userId },
      fk: { company: o.companyId, cashRegister: body.cashRegisterId, opening: r.fk_openingVerification, user: o.userId },
    };
    doc.hash = receiptHash((head?.lastHash as string | undefined) ?? null, doc);
    await trx('pos_receipts').insert(encodeRow(Receipts, doc));
    await trx('pos_cash_registers').where('_id', body.cashRegisterId).update({ cash: JSON.stringify(settled.drawer) });
    const headRow = { lastId: doc._id, lastNumber: number, lastNumberFull: doc.numberFull, lastHash: doc.hash, metadata_lastModificationDate: now };
    if (head) await trx('pos_chain_heads').where('_id', head._id).update(headRow);
    else await trx('pos_chain_heads').insert({ _id: newId(), fk_company: o.companyId, chain: 'receipt', ...headRow, metadata_creationDate: now });
    numbering.receipt = { ...setting, next: number + 1 };
    await trx('kernel_companies').where('_id', o.companyId).update({ numbering: JSON.stringify(numbering) });
    return { _id: doc._id, number, numberFull: doc.numberFull };
  });
}

export async function startPosFloor(o: PosFloorOptions): Promise<Floor> {
  const app = new Koa();
  app.use(async (ctx) => {
    try {
      if (ctx.method === 'POST' && ctx.path === '/receipts') {
        const chunks: Buffer[] = [];
        for await (const chunk of ctx.req) chunks.push(chunk as Buffer);
        ctx.status = 201;
        ctx.body = await createReceipt(o, JSON.parse(Buffer.concat(chunks).toString('utf8')));
        return;
      }
      ctx.status = 404;
    } catch (e) {
      ctx.status = (e as { status?: number }).status ?? 500;
      ctx.body = { message: String((e as Error).message).slice(0, 500) };
    }
  });
  return listen(app, o.db);
}
