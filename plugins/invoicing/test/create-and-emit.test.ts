/**
 * `POST /invoices/emit`: a new invoice created and emitted in one request (README « Create and
 * emit »), on SQLite and MariaDB. The same document as a draft then its emission; gapless numbers
 * and one hash chain with 20 of them at once (mixed with emissions of drafts); the activities and
 * the events, published after the commit; a refused body writes nothing and takes no number.
 */
import { expect } from 'chai';
import type { BusEvent } from '@comptoir/sdk';
import type { TestKernel } from '@comptoir/sdk/testing';
import type { Invoice } from '../schemas/index.ts';
import { invoiceHash } from '../server/services/emission/hash-chain.ts';
import { INVOICE_EMITTED } from '../server/events.ts';
import { API, DEFAULT_RECEIVER, bootKernel, createCustomer, createDraft, emit, makeEligible, tableCounts } from './support.ts';

const N = 20;
const LINES = [
  { labelPrimary: 'Baguette tradition (lot de 10)', quantity: 3, vat: 5.5, exclTaxesPrice: 11.5 },
  { labelPrimary: 'Plateau-repas livré', quantity: 2, vat: 10, exclTaxesPrice: 14.5 },
];

const withoutNulls = <T>(x: T): T => JSON.parse(JSON.stringify(x, (_k, v) => (v === null ? undefined : v)));

/** What the two ways must agree on (ids, dates, numbers and hashes aside). */
function content(i: Invoice) {
  return {
    items: i.items.map(({ uuid: _u, ...line }) => line), exclTaxesPrice: i.exclTaxesPrice, inclTaxesPrice: i.inclTaxesPrice,
    vatAmount: i.vatAmount, vatDetails: i.vatDetails, sender: i.sender, receiver: i.receiver, receiverName: (i as { receiverName?: string }).receiverName,
    freeData: i.freeData, status: i.status, unpaidAmount: i.unpaidAmount, paidAmount: i.paidAmount, subjectToVAT: i.subjectToVAT,
    fk: { ...i.fk },
  };
}

describe('invoicing : créer et émettre en une requête (POST /invoices/emit)', function () {
  this.timeout(180000);
  let k: TestKernel;
  let customer: string;
  const events: { name: string; id: string; committed: boolean }[] = [];
  before(async () => {
    k = await bootKernel();
    await makeEligible(k);
    customer = (await createCustomer(k.http, { company: 'Traiteur Dupont SARL', name: 'Dupont' }))._id;
    // each emission event: is the invoice already committed, numbered, when it is published?
    k.kernel.events.on(INVOICE_EMITTED, async (e: BusEvent<{ _id: string }>) => {
      const row = await k.db('invoicing_invoices').where('_id', e.payload._id).first('number');
      events.push({ name: e.name, id: e.payload._id, committed: row?.number != null });
    });
  });
  after(async () => { await k?.stop(); });

  const counter = async () => Number((await k.http.get(`/api/kernel/companies/${k.admin.companyId}`)).body.numbering.invoice.next);

  it('répond 201 avec la facture émise, chaînée, et le même document qu’un brouillon puis son émission', async () => {
    const before = await counter();
    const res = await k.http.post(`${API}/invoices/emit`, { fk: { receiverCustomer: customer }, items: LINES });
    expect(res.status, JSON.stringify(res.body)).to.equal(201);
    const invoice = res.body as Invoice;
    expect(invoice.number).to.equal(before);
    expect(invoice.numberFull).to.be.a('string').and.not.equal('');
    expect(invoice.status).to.equal('emitted');
    expect(await counter()).to.equal(before + 1);
    // the answer is what is stored (a read names null what a create's answer leaves out)
    expect(withoutNulls((await k.http.get(`${API}/invoices/${invoice._id}`)).body)).to.deep.equal(withoutNulls(invoice));

    const twoSteps = await emit(k.http, (await createDraft(k.http, { fk: { receiverCustomer: customer }, items: LINES }))._id);
    expect(twoSteps.number).to.equal(before + 1);
    expect(content(invoice)).to.deep.equal(content(twoSteps));
    // one chain: the second chains on the first
    expect(twoSteps.hash).to.equal(invoiceHash(invoice.hash!, twoSteps));
    expect((await k.http.get(`${API}/integrity`)).body).to.deep.include({ valid: true, firstBroken: null });
    // its frozen e-invoice, made after the answer, is there when asked for
    expect((await k.http.get(`${API}/invoices/${invoice._id}/einvoice`)).body).to.deep.include({ status: 'produced', facturX: true });
  });

  it('écrit l’activité de la facture et du solde du client, et publie les événements après la validation', async () => {
    events.length = 0;
    const res = await k.http.post(`${API}/invoices/emit`, { fk: { receiverCustomer: customer }, items: LINES });
    expect(res.status, JSON.stringify(res.body)).to.equal(201);
    const id = res.body._id as string;
    const activities = await k.db('kernel_activities').where('fk_object', id).select('objectType', 'tags');
    expect(activities).to.have.length(1);
    expect(activities[0].objectType).to.equal('invoicing.invoices');
    expect(String(activities[0].tags)).to.include('création');
    const balance = await k.db('kernel_activities').where('fk_object', customer).orderBy('_id', 'desc').first('data');
    expect(String(balance.data)).to.include('/balance');
    expect(events).to.deep.equal([{ name: INVOICE_EMITTED, id, committed: true }]);
  });

  it(`donne à ${N} créations-émissions simultanées (et 5 émissions de brouillons) des numéros consécutifs et une seule chaîne`, async () => {
    const first = await counter();
    const balanceBefore = Number((await k.http.get(`/api/contacts/customers/${customer}`)).body.balance ?? 0);
    const drafts = [];
    for (let i = 0; i < 5; i++) drafts.push(await createDraft(k.http, { items: [{ labelPrimary: `Brouillon ${i}`, vat: 20, exclTaxesPrice: i + 1 }] }));
    const answers = await Promise.all([
      ...Array.from({ length: N }, (_, i) => k.http.post(`${API}/invoices/emit`, {
        fk: { receiverCustomer: customer }, items: [{ labelPrimary: `Commande ${i}`, quantity: 1, vat: 20, exclTaxesPrice: 10 + i }],
      })),
      ...drafts.map((d) => k.http.post(`${API}/invoices/${d._id}/emit`)),
    ]);
    for (const a of answers) expect(a.status, JSON.stringify(a.body)).to.be.oneOf([200, 201]);
    const numbers = answers.map((a) => a.body.number as number).sort((a, b) => a - b);
    expect(numbers).to.deep.equal(Array.from({ length: N + 5 }, (_, i) => first + i));
    expect(new Set(answers.map((a) => a.body.numberFull)).size).to.equal(N + 5);
    expect(await counter()).to.equal(first + N + 5);

    const chain = (await k.http.get(`${API}/invoices`, {
      query: { filters: { number: { mode: 'exists', value: true } }, sort: { field: 'number', ascending: true }, pagination: { quantity: 500 } },
    })).body.data as Invoice[];
    let previous: string | null = null;
    for (const invoice of chain) {
      expect(invoice.hash, `facture ${invoice.numberFull}`).to.equal(invoiceHash(previous, invoice));
      previous = invoice.hash!;
    }
    expect((await k.http.get(`${API}/integrity`)).body).to.deep.include({ valid: true, firstBroken: null });
    // the customer's balance took every one of them, none twice
    const added = answers.slice(0, N).reduce((sum, a) => sum + Math.round(a.body.inclTaxesPrice * 100), 0);
    const balance = Number((await k.http.get(`/api/contacts/customers/${customer}`)).body.balance ?? 0);
    expect(Math.round(balance * 100)).to.equal(Math.round(balanceBefore * 100) + added);
  });

  it('refuse une requête invalide (400 en français) sans rien écrire ni prendre de numéro', async () => {
    const before = await counter();
    const counts = await tableCounts(k);
    const activities = Number((await k.db('kernel_activities').count({ n: '*' }).first() as { n: unknown }).n);
    events.length = 0;
    const bad: [string, Record<string, unknown>][] = [
      ['champ inconnu', { items: LINES, receiver: DEFAULT_RECEIVER, numero: 12 }],
      ['taux de TVA en lettres', { items: [{ labelPrimary: 'Pain', quantity: 1, vat: 'vingt', exclTaxesPrice: 10 }], receiver: DEFAULT_RECEIVER }],
      ['client inconnu', { items: LINES, fk: { receiverCustomer: '0123456789abcdef01234567' } }],
      ['total négatif', { items: [{ labelPrimary: 'Remise', quantity: 1, vat: 20, exclTaxesPrice: -10 }], receiver: DEFAULT_RECEIVER }],
      ['date invalide', { items: LINES, receiver: DEFAULT_RECEIVER, date: 'hier' }],
    ];
    for (const [what, body] of bad) {
      const res = await k.http.post(`${API}/invoices/emit`, body);
      expect(res.status, `${what}: ${JSON.stringify(res.body)}`).to.equal(400);
      expect(res.body.code).to.equal('VALIDATION');
      expect(res.body.message, what).to.be.a('string').and.match(/[a-zàâçéèêëîïôûù]/);
    }
    // an emission refusal (no buyer address, L441-9): 409, nothing written either
    const refused = await k.http.post(`${API}/invoices/emit`, { items: LINES, receiver: { company: 'Sans Adresse SARL' } });
    expect(refused.status, JSON.stringify(refused.body)).to.equal(409);

    expect(await tableCounts(k)).to.deep.equal(counts);
    expect(Number((await k.db('kernel_activities').count({ n: '*' }).first() as { n: unknown }).n)).to.equal(activities);
    expect(events).to.deep.equal([]);
    expect(await counter()).to.equal(before);
    // the next one takes the number no refusal took
    const next = await k.http.post(`${API}/invoices/emit`, { items: LINES, receiver: DEFAULT_RECEIVER });
    expect(next.status, JSON.stringify(next.body)).to.equal(201);
    expect(next.body.number).to.equal(before);
  });
});
