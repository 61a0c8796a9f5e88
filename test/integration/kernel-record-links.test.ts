/**
 * `GET /api/kernel/links/:plugin/:entity/:id`: what other plugins link to one record of the active
 * company (`kernel.record-links`). Purchases contributes « Achats liés » to invoices (the other
 * side of a purchase's `fk.linkedSales`); invoicing declares nothing. The record must be of the
 * active company (404 in French otherwise, as for an unknown kind of record), each group is shown
 * only to members holding its permission, a malformed id is a 400 (SQLite and MariaDB).
 */
import { expect } from 'chai';
import type { TestHttp, TestKernel } from '@comptoir/sdk/testing';
import type { LinkedRecord, RecordLinksGroup } from '@comptoir/sdk';
import type { Purchase } from '@comptoir/plugin-purchases/contract';
import { ELIGIBLE_COMPANY, createDraft, emitted, updateCompany } from '../support/sales.ts';
import { API, bootKernel, createProvider, createPurchase, memberWith, ok, pay, secondCompany, unknownId } from '../../plugins/purchases/test/support.ts';

const links = (http: TestHttp, id: string, target = 'invoicing/invoices') => http.get(`/api/kernel/links/${target}/${id}`);
const groupsOf = async (http: TestHttp, id: string) => (await ok<{ data: RecordLinksGroup[] }>(links(http, id))).data;
const labels = (items: LinkedRecord[]) => items.map((i) => i.label);

describe('plateforme : éléments liés d’un enregistrement (GET /api/kernel/links)', function () {
  this.timeout(60_000);
  let k: TestKernel;
  let sale: string;
  let other: string;
  let lonely: string;
  let flour: Purchase;
  let oven: Purchase;

  before(async () => {
    k = await bootKernel();
    await updateCompany(k, ELIGIBLE_COMPANY);
    sale = (await createDraft(k.http, { items: [{ labelPrimary: 'Buffet de mariage', vat: 10, inclTaxesPrice: 1100 }] }))._id;
    other = (await emitted(k.http))._id;
    lonely = (await emitted(k.http))._id;
    const mill = await createProvider(k.http, { company: 'Minoterie Dupont' });
    flour = await createPurchase(k.http, { fk: { provider: mill._id, linkedSales: [sale] }, date: '2026-11-03T09:00:00.000Z' });
    oven = await createPurchase(k.http, {
      fk: { linkedSales: [other, sale] }, date: '2026-11-05T09:00:00.000Z',
      items: [{ labelPrimary: 'Location four mobile', quantity: 1, vat: 20, exclTaxesPrice: 250 }],
    });
    await ok(pay(k.http, `purchases/${oven._id}`, 300));
    await createPurchase(k.http, { comment: 'lié à rien' });
  });
  after(async () => { await k?.stop(); });

  it('répond les achats liés à une facture, avec leur libellé, date, montant, statut et chemin', async () => {
    const groups = await groupsOf(k.http, sale);
    expect(groups.map((g) => [g.id, g.plugin, g.label])).to.deep.equal([['purchases.sale-purchases', 'purchases', 'Achats liés']]);
    expect(groups[0].items).to.deep.equal([
      { _id: flour._id, label: `Achat ${flour.numberFull} — Minoterie Dupont`, date: '2026-11-03T09:00:00.000Z', amount: '78.08', status: 'À payer', path: `/achats/${flour._id}` },
      { _id: oven._id, label: `Achat ${oven.numberFull}`, date: '2026-11-05T09:00:00.000Z', amount: '300.00', status: 'Payé', path: `/achats/${oven._id}` },
    ]);
    expect(labels((await groupsOf(k.http, other))[0].items)).to.deep.equal([`Achat ${oven.numberFull}`]);
  });

  it('une facture liée à rien : le groupe est vide ; un lien retiré disparaît', async () => {
    expect((await groupsOf(k.http, lonely))[0].items).to.deep.equal([]);
    await ok(k.http.put(`${API}/purchases/${oven._id}`, { fk: { linkedSales: [other] } }));
    expect(labels((await groupsOf(k.http, sale))[0].items)).to.deep.equal([`Achat ${flour.numberFull} — Minoterie Dupont`]);
    await ok(k.http.put(`${API}/purchases/${oven._id}`, { fk: { linkedSales: [other, sale] } }));
  });

  it('montre le groupe à qui consulte les achats, à personne d’autre', async () => {
    const buyer = await memberWith(k, ['purchases.purchases.read']);
    expect((await groupsOf(buyer, sale))[0].items).to.have.length(2);
    const seller = await memberWith(k, ['invoicing.invoices.read']);
    expect(await groupsOf(seller, sale)).to.deep.equal([]);
  });

  it('isole les entreprises : la facture d’une autre entreprise est introuvable (404 en français)', async () => {
    const neighbour = await secondCompany(k, 'Traiteur Voisin SARL');
    const answer = await links(neighbour, sale);
    expect(answer.status).to.equal(404);
    expect(answer.body).to.include({ code: 'NOT_FOUND', message: 'Facture introuvable.' });
    const theirs = (await createDraft(neighbour))._id;
    expect((await links(k.http, theirs)).status).to.equal(404);
    expect(await groupsOf(neighbour, theirs)).to.deep.equal([{ id: 'purchases.sale-purchases', plugin: 'purchases', label: 'Achats liés', items: [] }]);
    expect((await links(k.http, unknownId)).body.message).to.equal('Facture introuvable.');
  });

  it('un type d’enregistrement inconnu, d’un plugin absent ou sans entreprise : 404 ; un identifiant mal formé : 400', async () => {
    for (const target of ['invoicing/nothing', 'banking/operations', 'kernel/users']) {
      const answer = await links(k.http, sale, target);
      expect(answer.status, target).to.equal(404);
      expect(answer.body.message, target).to.match(/^Type d’enregistrement inconnu : « /);
    }
    const bad = await links(k.http, 'pas-un-identifiant');
    expect(bad.status).to.equal(400);
    expect(bad.body.code).to.equal('VALIDATION');
    expect(bad.body.message).to.match(/[éèêàç’«]/);
  });
});
