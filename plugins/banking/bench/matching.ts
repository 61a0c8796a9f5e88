/**
 * The matching bench (README of this folder, « suggestions »): 1 000 unpaid invoices emitted
 * through « Facturation », a statement of 1 000 transfers paying them (half quote the invoice's
 * number, a quarter the customer's name only, a quarter nothing useful), then `POST
 * /suggestions/refresh` over every operation of the company, against a floor: the same rows read
 * with knex, the same `rank`, the suggestions inserted 500 a statement into a scratch table.
 */
import type { Knex } from 'knex';
import type { CallContext } from '@comptoir/sdk';
import type { TestKernel } from '@comptoir/sdk/testing';
import { invoicingServices } from '@comptoir/plugin-invoicing/contract';
import { DocumentIndex, rank, type MatchDocument } from '../server/services/matching/score.ts';

const NAMES = ['Hôtel du Parc', 'Café des Arts', 'Mairie de Lyon', 'Traiteur Lebon', 'Garage Martin', 'Épicerie Fine Rossi', 'Crèche Les Lutins', 'Restaurant Le Zinc'];

export interface Unpaid { _id: string; numberFull: string; inclTaxesPrice: number; receiverName: string }

/** `n` emitted invoices, 200 per transaction, to `NAMES`' customers, with shared amounts */
export async function seedInvoices(k: TestKernel, n: number): Promise<Unpaid[]> {
  const customers: string[] = [];
  for (const company of NAMES) {
    const res = await k.http.post('/api/contacts/customers', { company, addresses: [{ address: '1 rue de la République', zipCode: '69001', city: 'Lyon', country: 'France', invoicing: true, delivery: true }] });
    if (res.status !== 201) throw new Error(`customer: ${JSON.stringify(res.body)}`);
    customers.push(res.body._id);
  }
  const out: Unpaid[] = [];
  for (let start = 0; start < n; start += 200) {
    out.push(...await k.kernel.asSystem(k.admin.companyId, async (ctx: CallContext) => {
      const emission = ctx.use(invoicingServices.emission);
      const made: Unpaid[] = [];
      for (let i = start; i < Math.min(n, start + 200); i++) {
        made.push(await emission.createAndEmit({
          items: [{ labelPrimary: `Livraison ${i}`, quantity: 1 + (i % 7), vat: 5.5, inclTaxesPrice: 12.5 + (i % 40) }],
          fk: { receiverCustomer: customers[i % customers.length] },
        } as never) as Unpaid);
      }
      return made;
    }, 'banking'));
  }
  return out;
}

/** the statement paying them, dated today */
export function paymentsStatement(invoices: Unpaid[], accountNumber = 'FR7610107001011234567890129'): string {
  const day = new Date().toISOString().slice(0, 10).replace(/-/g, '');
  const lines = invoices.map((inv, i) => {
    const amount = inv.inclTaxesPrice.toFixed(2);
    const name = inv.receiverName.toUpperCase();
    const label = i % 4 < 2 ? `VIR SEPA ${name} FACT ${inv.numberFull}` : i % 4 === 2 ? `VIR SEPA ${name}` : `VIR SEPA REF ${900000 + i}`;
    return `<STMTTRN><TRNTYPE>XFER</TRNTYPE><DTPOSTED>${day}</DTPOSTED><TRNAMT>${amount}</TRNAMT><FITID>P${i}</FITID><NAME>${label.slice(0, 32)}</NAME><MEMO>${label}</MEMO></STMTTRN>`;
  });
  return `<?xml version="1.0" encoding="UTF-8"?>
<?OFX OFXHEADER="200" VERSION="211" SECURITY="NONE" OLDFILEUID="NONE" NEWFILEUID="NONE"?>
<OFX><BANKMSGSRSV1><STMTTRNRS><TRNUID>2</TRNUID><STMTRS><CURDEF>EUR</CURDEF>
<BANKACCTFROM><BANKID>10107</BANKID><BRANCHID>00101</BRANCHID><ACCTID>${accountNumber}</ACCTID><ACCTTYPE>CHECKING</ACCTTYPE></BANKACCTFROM>
<BANKTRANLIST><DTSTART>${day}</DTSTART><DTEND>${day}</DTEND>
${lines.join('\n')}
</BANKTRANLIST></STMTRS></STMTTRNRS></BANKMSGSRSV1></OFX>
`;
}

const TABLE = 'bench_banking_suggestions_floor';

/** the floor: operations and unpaid invoices read with knex, `rank` for each, the suggestions batch-inserted */
export async function floorSuggest(db: Knex, companyId: string): Promise<number> {
  const ops = await db('banking_operations').where('fk_company', companyId).whereNot('source', 'split')
    .select('_id', 'amount', 'matchedAmount', 'dateOperation', 'label', 'originalLabel');
  const rows = await db('invoicing_invoices').where('fk_company', companyId).whereNotNull('numberFull').whereNot('unpaidAmount', 0)
    .select('_id', 'numberFull', 'receiverName', 'date', 'inclTaxesPrice', 'unpaidAmount');
  const docs: MatchDocument[] = rows.map((r) => ({
    type: 'invoice', id: r._id, number: r.numberFull, references: [r.numberFull], name: r.receiverName ?? '', labels: [], date: r.date,
    total: Number(r.inclTaxesPrice) / 10000, unpaid: Number(r.unpaidAmount) / 10000, bankAmount: String(Number(r.unpaidAmount) / 10000),
  }));
  const out: Record<string, unknown>[] = [];
  const index = new DocumentIndex(docs);
  for (const o of ops) {
    const op = { amount: Number(o.amount) / 10000, matchedAmount: Number(o.matchedAmount ?? 0) / 10000, dateOperation: o.dateOperation, label: o.label, originalLabel: o.originalLabel };
    for (const { doc, fit } of rank(op, index, 8)) out.push({ _id: `${out.length}`.padStart(24, '0'), op: o._id, doc: doc.id, score: fit.score, reasons: JSON.stringify(fit.reasons) });
  }
  await db.schema.dropTableIfExists(TABLE);
  await db.schema.createTable(TABLE, (t) => { t.string('_id', 24).primary(); t.string('op', 24); t.string('doc', 24); t.integer('score'); t.text('reasons'); });
  await db.transaction((trx) => trx.batchInsert(TABLE, out, 500));
  await db.schema.dropTableIfExists(TABLE);
  return out.length;
}
