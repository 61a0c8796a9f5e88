/**
 * Quotations: numbered at creation, 14 days of validity, the receiver copied from a customer or a
 * company (an address only when exactly one is flagged for the use), and quotation → invoice.
 */
import { expect } from 'chai';
import type { TestKernel } from '@comptoir/sdk/testing';
import type { Invoice, Quotation } from '../schemas/index.ts';
import { UNKNOWN_COMPANY } from '../server/messages.ts';
import { API, bootKernel, createCustomer, makeEligible, otherCompany, setNumbering, updateCompany, tableCounts } from './support.ts';

const items = [{ labelPrimary: 'Pièce montée', quantity: 1, vat: 5.5, exclTaxesPrice: 180 }];
const home = { name: 'Domicile', address: '3 rue des Lilas', zipCode: '69003', city: 'Lyon', country: 'France' };
const office = { name: 'Bureau', address: '8 quai Perrache', zipCode: '69002', city: 'Lyon', country: 'France' };

describe('invoicing : devis', function () {
  let k: TestKernel;
  let clock = new Date('2026-05-04T08:00:00.000Z');

  before(async () => {
    k = await bootKernel({ now: () => clock });
    await makeEligible(k);
  });
  after(async () => { await k?.stop(); });

  const create = async (body: Record<string, unknown>): Promise<Quotation> => {
    const res = await k.http.post(`${API}/quotations`, { items, ...body });
    expect(res.status, JSON.stringify(res.body)).to.equal(201);
    return res.body;
  };

  it('numérote à la création, valable 14 jours, statut émis daté, totaux et expéditeur', async () => {
    await setNumbering(k, 'quotation', { prefix: 'DE', minDigits: 3 });
    const first = await create({});
    const second = await create({});
    expect(first).to.include({ number: 1, numberFull: 'DE001', status: 'emitted', statusDate: clock.toISOString() });
    expect(second.numberFull).to.equal('DE002');
    expect(first.expirationDate).to.equal('2026-05-18T08:00:00.000Z');
    expect(first).to.include({ exclTaxesPrice: 180, inclTaxesPrice: 189.9, vatAmount: 9.9 });
    expect(first.sender).to.include({ name: 'Boulangerie Martin SARL', siren: '123456782' });
    const given = await create({ expirationDate: '2026-06-30T22:00:00.000Z' });
    expect(given.expirationDate).to.equal('2026-06-30T22:00:00.000Z');
  });

  it('copie l’adresse de facturation (et de livraison) seulement quand une seule est cochée pour cet usage', async () => {
    const none = await createCustomer(k.http, { name: 'Sans', addresses: [] });
    const zeroFlagged = await createCustomer(k.http, { name: 'Zéro', addresses: [{ ...home, invoicing: false, delivery: false }] });
    const oneFlagged = await createCustomer(k.http, {
      civ: 'Mme', firstname: 'Léa', name: 'Un', telMobile: '06 12 34 56 78', vatNumber: 'FR40303265045',
      addresses: [{ ...home, invoicing: false, delivery: true }, { ...office, invoicing: true, delivery: false }],
    });
    const twoFlagged = await createCustomer(k.http, { name: 'Deux', addresses: [home, office] });

    const receiverOf = async (customer: { _id: string }) => (await create({ fk: { receiverCustomer: customer._id } })).receiver!;
    expect(await receiverOf(none)).to.deep.equal({ name: 'Sans' });
    expect(await receiverOf(zeroFlagged)).to.deep.equal({ name: 'Zéro' });
    const one = await receiverOf(oneFlagged);
    expect(one).to.deep.include({ civ: 'Mme', firstname: 'Léa', name: 'Un', telMobile: '06 12 34 56 78', vatNumber: 'FR40303265045' });
    expect(one.invoicingAddress).to.include({ address: '8 quai Perrache', zipCode: '69002' });
    expect(one.deliveryAddress).to.include({ address: '3 rue des Lilas' });
    expect(await receiverOf(twoFlagged)).to.deep.equal({ name: 'Deux' });
  });

  it('adresse un devis à une autre entreprise du serveur, jamais aux deux destinataires à la fois', async () => {
    const other = await otherCompany(k, 'Traiteur Dupont SAS');
    await updateCompany(k, { telBusiness: '04 00 00 00 00', vatNumber: 'FR14987654324', address: { ...office, delivery: true, invoicing: true } }, other);
    const quotation = await create({ fk: { receiverCompany: other.company } });
    expect(quotation.receiver).to.deep.include({ company: 'Traiteur Dupont SAS', telHome: '04 00 00 00 00', vatNumber: 'FR14987654324' });
    expect(quotation.receiver!.invoicingAddress).to.include({ city: 'Lyon', address: '8 quai Perrache' });

    const customer = await createCustomer(k.http, { name: 'Client' });
    const before = await tableCounts(k);
    const both = await k.http.post(`${API}/quotations`, { items, fk: { receiverCustomer: customer._id, receiverCompany: other.company } });
    expect(both.status).to.equal(400);
    expect(both.body.message).to.equal('Un devis s’adresse à un client ou à une entreprise, pas aux deux.');
    const stranger = await k.http.post(`${API}/quotations`, { items, fk: { receiverCompany: '65f0c0ffee0000000000cafe' } });
    expect(stranger.status).to.equal(400);
    expect(stranger.body.details[0].field).to.equal('fk.receiverCompany');
    expect(await tableCounts(k)).to.deep.equal(before);
  });

  it('une entreprise destinataire dont on n’est pas membre répond exactement comme une qui n’existe pas (issue 11, revue : pas d’énumération)', async () => {
    // a company of this server the administrator is not a member of: made by another user
    const role = await k.http.post('/api/kernel/roles', { name: 'Lecture seule', permissions: [] });
    expect(role.status, JSON.stringify(role.body)).to.equal(201);
    const email = `voisin-${Date.now()}@exemple.fr`;
    expect((await k.http.post('/api/kernel/users', { email, password: 'motdepasse-voisin-1', roles: [role.body._id] })).status).to.equal(201);
    const neighbour = await k.login(email, 'motdepasse-voisin-1');
    const theirs = await k.http.as(neighbour.token, neighbour.companyId).post('/api/kernel/companies', { name: 'Voisin Secret SARL' });
    expect(theirs.status, JSON.stringify(theirs.body)).to.equal(201);
    const nobody = '65f0c0ffee0000000000cafe';
    const other = await otherCompany(k, 'Filiale Membre SAS');
    const quotation = await create({});
    const before = await tableCounts(k);
    // with or without a receiver written, on create and on update: one answer for both
    const attempts = (id: string) => [
      k.http.post(`${API}/quotations`, { items, fk: { receiverCompany: id } }),
      k.http.post(`${API}/quotations`, { items, receiver: { company: 'Écrit à la main' }, fk: { receiverCompany: id } }),
      k.http.put(`${API}/quotations/${quotation._id}`, { fk: { receiverCompany: id } }),
      k.http.put(`${API}/quotations/${quotation._id}`, { receiver: { company: 'Écrit à la main' }, fk: { receiverCompany: id } }),
    ];
    const hidden = await Promise.all(attempts(theirs.body._id));
    const missing = await Promise.all(attempts(nobody));
    for (const [i, answer] of hidden.entries()) {
      expect(answer.status, JSON.stringify(answer.body)).to.equal(400);
      expect(answer.body).to.deep.equal(missing[i].body);
      expect(answer.body).to.deep.equal({ status: 400, code: 'VALIDATION', message: UNKNOWN_COMPANY, details: [{ field: 'fk.receiverCompany', message: 'introuvable' }] });
    }
    expect(await tableCounts(k)).to.deep.equal(before);
    expect(((await k.http.get(`${API}/quotations/${quotation._id}`)).body as Quotation).fk.receiverCompany ?? null).to.equal(null);
    // a company one belongs to passes, receiver written or not
    const mine = await k.http.post(`${API}/quotations`, { items, receiver: { company: 'Écrit à la main' }, fk: { receiverCompany: other.company } });
    expect(mine.status, JSON.stringify(mine.body)).to.equal(201);
    expect(mine.body.receiver).to.deep.equal({ company: 'Écrit à la main' });
  });

  it('date le changement de statut et recalcule les totaux à la modification', async () => {
    const quotation = await create({});
    clock = new Date('2026-05-06T14:00:00.000Z');
    const accepted = await k.http.put(`${API}/quotations/${quotation._id}`, {
      status: 'accepted',
      items: [...quotation.items, { labelPrimary: 'Livraison', vat: 20, inclTaxesPrice: 15 }],
    });
    expect(accepted.status).to.equal(200);
    expect(accepted.body).to.include({ status: 'accepted', statusDate: '2026-05-06T14:00:00.000Z', inclTaxesPrice: 204.9, numberFull: quotation.numberFull });
    expect((await k.http.put(`${API}/quotations/${quotation._id}`, { status: 'invoiced' })).status).to.equal(400);
    expect((await k.http.put(`${API}/quotations/${quotation._id}`, { numberFull: 'X' })).status).to.equal(400);
    const filtered = await k.http.get(`${API}/quotations`, { query: { filters: { status: { mode: 'eq', value: 'accepted' } } } });
    expect(filtered.body.data.map((q: Quotation) => q._id)).to.deep.equal([quotation._id]);
  });

  it('transforme un devis en facture brouillon ; le devis passe « facturé » et se fige', async () => {
    const customer = await createCustomer(k.http, { company: 'Mairie de Lyon', addresses: [office] });
    const quotation = await create({
      fk: { receiverCustomer: customer._id },
      comment: 'Pour le 14 juillet',
      items: [...items, { labelPrimary: 'Macarons', quantity: 100, vat: 5.5, inclTaxesPrice: 0.9 }],
    });
    const res = await k.http.post(`${API}/quotations/${quotation._id}/invoice`);
    expect(res.status, JSON.stringify(res.body)).to.equal(201);
    const invoice = res.body as Invoice;
    expect(invoice).to.not.have.property('numberFull');
    expect(invoice.fk).to.include({ fromQuotation: quotation._id, receiverCustomer: customer._id });
    expect(invoice.items.map((l) => [l.labelPrimary, l.quantity, l.inclTaxesPrice])).to.deep.equal(quotation.items.map((l) => [l.labelPrimary, l.quantity, l.inclTaxesPrice]));
    expect(invoice).to.include({ inclTaxesPrice: quotation.inclTaxesPrice, comment: 'Pour le 14 juillet', unpaidAmount: quotation.inclTaxesPrice });
    expect(invoice.receiver).to.deep.equal(quotation.receiver);

    const invoiced = (await k.http.get(`${API}/quotations/${quotation._id}`)).body as Quotation;
    expect(invoiced).to.include({ status: 'invoiced', statusDate: clock.toISOString() });
    expect((await k.http.post(`${API}/quotations/${quotation._id}/invoice`)).status).to.equal(409);
    const put = await k.http.put(`${API}/quotations/${quotation._id}`, { comment: 'changé' });
    expect(put.status).to.equal(409);
    expect(put.body.message).to.equal('Un devis facturé ne peut plus être modifié ni supprimé.');
    expect((await k.http.delete(`${API}/quotations/${quotation._id}`)).status).to.equal(409);

    // the draft invoice deleted, the quotation is accepted again and may be invoiced again
    expect((await k.http.delete(`${API}/invoices/${invoice._id}`)).status).to.equal(204);
    expect((await k.http.get(`${API}/quotations/${quotation._id}`)).body.status).to.equal('accepted');
    expect((await k.http.post(`${API}/quotations/${quotation._id}/invoice`)).status).to.equal(201);
  });

  it('refuse de facturer un devis refusé ; supprime un devis qui n’est pas facturé', async () => {
    const quotation = await create({ status: 'refused' });
    const refused = await k.http.post(`${API}/quotations/${quotation._id}/invoice`);
    expect(refused.status).to.equal(409);
    expect((await k.http.delete(`${API}/quotations/${quotation._id}`)).status).to.equal(204);
    expect((await k.http.get(`${API}/quotations/${quotation._id}`)).status).to.equal(404);
  });
});
