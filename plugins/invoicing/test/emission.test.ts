/**
 * Drafts and emission, end to end: eligibility (sdk/src/commerce/README.md « Eligibility »), numbering with the company's format,
 * the hash chain, the frozen document, the sender snapshot, invoice mentions and sales counts.
 */
import { expect } from 'chai';
import type { TestKernel } from '@comptoir/sdk/testing';
import type { Invoice } from '../schemas/index.ts';
import { invoiceHash } from '../server/services/emission/hash-chain.ts';
import { FROZEN_INVOICE } from '../server/messages.ts';
import {
  API, bootKernel, createCustomer, createDraft, emit, emitted, makeEligible, otherCompany, setNumbering, tableCounts, updateCompany, ELIGIBLE_COMPANY,
} from './support.ts';

describe('invoicing : brouillons et émission', function () {
  let k: TestKernel;
  let clock = new Date('2026-03-14T10:00:00.000Z');

  before(async () => { k = await bootKernel({ now: () => clock }); });
  after(async () => { await k?.stop(); });

  it('refuse d’émettre tant que l’entreprise n’a pas les mentions requises pour facturer, en listant ce qui manque, puis émet', async () => {
    const draft = await createDraft(k.http);
    const refused = await k.http.post(`${API}/invoices/${draft._id}/emit`);
    expect(refused.status).to.equal(409);
    expect(refused.body.code).to.equal('CONFLICT');
    expect(refused.body.message).to.equal('Impossible d’émettre la facture : il manque à l’entreprise '
      + 'téléphone professionnel ou mobile, adresse e-mail, adresse, ville, code postal, code NAF ou numéro RM, '
      + 'SIRET, SIREN, numéro de TVA intracommunautaire.');
    expect(refused.body.details.map((d: { message: string }) => d.message)).to.include('SIRET');
    const still = (await k.http.get(`${API}/invoices/${draft._id}`)).body;
    expect(still).to.not.have.property('numberFull');
    expect(still).to.not.have.property('hash');

    // subject to VAT: the VAT number is required; once everything is there, emission passes
    const { vatNumber: _v, ...withoutVat } = ELIGIBLE_COMPANY;
    void _v;
    await updateCompany(k, withoutVat);
    const noVat = await k.http.post(`${API}/invoices/${draft._id}/emit`);
    expect(noVat.status).to.equal(409);
    expect(noVat.body.message).to.equal('Impossible d’émettre la facture : il manque à l’entreprise numéro de TVA intracommunautaire.');

    await makeEligible(k);
    const invoice = await emit(k.http, draft._id);
    // the refused attempts gave their number back: the first invoice is number 1
    expect(invoice).to.include({ number: 1, numberFull: '0000001', status: 'emitted' });
  });

  it('refuse d’émettre une facture sans le nom ou l’adresse du client (L441-9), en nommant ce qui manque, sans rien changer', async () => {
    // another company: the numbering of this one is the next test's
    const http = await otherCompany(k, 'Traiteur Girard SARL');
    await updateCompany(k, ELIGIBLE_COMPANY, http);
    const nobody = await createDraft(http, { receiver: {} });
    const before = await tableCounts(k);
    const refused = await http.post(`${API}/invoices/${nobody._id}/emit`);
    expect(refused.status).to.equal(409);
    expect(refused.body.message).to.equal('Impossible d’émettre la facture : il manque le nom du client (raison sociale, ou nom et prénom) '
      + 'et l’adresse de facturation du client (rue, code postal et ville) (art. L441-9 du Code de commerce). '
      + 'Complétez la fiche du client puis choisissez-le à nouveau sur la facture.');
    expect(refused.body.details).to.deep.equal([
      { field: 'receiver.name', message: 'le nom du client (raison sociale, ou nom et prénom)' },
      { field: 'receiver.invoicingAddress', message: 'l’adresse de facturation du client (rue, code postal et ville)' },
    ]);
    expect(await tableCounts(k)).to.deep.equal(before);
    expect((await http.get(`${API}/invoices/${nobody._id}`)).body).to.not.have.property('numberFull');

    // a walk-in private customer: named, but a city without street is no address
    const walkIn = await createDraft(http, { receiver: { firstname: 'Paul', name: 'Girard', invoicingAddress: { zipCode: '69002', city: 'Lyon' } } });
    const noStreet = await http.post(`${API}/invoices/${walkIn._id}/emit`);
    expect(noStreet.status).to.equal(409);
    expect(noStreet.body.details).to.deep.equal([{ field: 'receiver.invoicingAddress', message: 'l’adresse de facturation du client (rue, code postal et ville)' }]);
    // a customer whose record has no address
    const homeless = await createCustomer(http, { company: 'Sans Adresse SARL', addresses: [] });
    const fromRecord = await createDraft(http, { fk: { receiverCustomer: homeless._id } });
    expect((await http.post(`${API}/invoices/${fromRecord._id}/emit`)).body.details).to.deep.equal([
      { field: 'receiver.invoicingAddress', message: 'l’adresse de facturation du client (rue, code postal et ville)' },
    ]);
    // named with a full address (the delivery one stands in for the invoicing one, as printed and in the XML): emitted
    await http.put(`${API}/invoices/${walkIn._id}`, { receiver: { firstname: 'Paul', name: 'Girard', deliveryAddress: { address: '3 rue Mercière', zipCode: '69002', city: 'Lyon' } } });
    expect((await emit(http, walkIn._id)).numberFull).to.be.a('string');
  });

  it('numérote avec le préfixe, le suffixe et le nombre de chiffres de l’entreprise, sans trou, et l’annonce', async () => {
    const events: Array<{ payload: { _id: string; numberFull: string; creditNote: boolean } }> = [];
    const off = k.kernel.events.on('invoicing.invoice.emitted', (e: (typeof events)[number]) => { events.push(e); });
    try {
      await setNumbering(k, 'invoice', { prefix: 'FA-', suffix: '-2026', minDigits: 4 });
      const second = await emitted(k.http);
      const third = await emitted(k.http);
      expect(second).to.include({ number: 2, numberFull: 'FA-0002-2026' });
      expect(third).to.include({ number: 3, numberFull: 'FA-0003-2026' });
      for (let i = 0; i < 50 && events.length < 2; i++) await new Promise((r) => setTimeout(r, 20));
      expect(events.map((e) => e.payload)).to.deep.equal([
        { _id: second._id, numberFull: 'FA-0002-2026', inclTaxesPrice: second.inclTaxesPrice, creditNote: false },
        { _id: third._id, numberFull: 'FA-0003-2026', inclTaxesPrice: third.inclTaxesPrice, creditNote: false },
      ]);
    } finally {
      off();
    }
  });

  it('calcule les totaux, fige l’expéditeur et date la facture de son émission', async () => {
    clock = new Date('2026-03-15T08:30:00.000Z');
    const draft = await createDraft(k.http, {
      date: '2026-03-01T00:00:00.000Z',
      receiver: { company: 'Hôtel du Parc', invoicingAddress: { address: '5 place Bellecour', zipCode: '69002', city: 'Lyon', delivery: false, invoicing: true } },
      items: [
        { labelPrimary: 'Pain de campagne', quantity: 3, vat: 5.5, exclTaxesPrice: 3.5 },
        { labelPrimary: 'Traiteur', quantity: 1, vat: 10, inclTaxesPrice: 55 },
        { labelPrimary: 'Livraison', quantity: 1, vat: 20, exclTaxesPrice: 10 },
      ],
    });
    // 3 × 3.69 = 11.07 at 5.5 %; 55 at 10 %; 12 at 20 % (rounded-total, the company default)
    expect(draft).to.include({ inclTaxesPrice: 78.07, status: 'emitted', unpaidAmount: 78.07, paidAmount: 0 });
    const invoice = await emit(k.http, draft._id);
    expect(invoice.date).to.equal('2026-03-15T08:30:00.000Z');
    expect(invoice).to.include({ exclTaxesPrice: 70.49, inclTaxesPrice: 78.07, vatAmount: 7.58 });
    // a French customer: every rate is French VAT, category S (README « VAT categories »)
    expect(invoice.vatDetails).to.deep.equal([
      { vat: 5.5, totalExclTaxes: 10.49, totalInclTaxes: 11.07, amount: 0.58, vatCategory: 'S' },
      { vat: 10, totalExclTaxes: 50, totalInclTaxes: 55, amount: 5, vatCategory: 'S' },
      { vat: 20, totalExclTaxes: 10, totalInclTaxes: 12, amount: 2, vatCategory: 'S' },
    ]);
    expect(invoice.items.map((l) => l.vatCategory)).to.deep.equal(['S', 'S', 'S']);
    expect(invoice.sender).to.deep.include({ name: ELIGIBLE_COMPANY.name, siret: ELIGIBLE_COMPANY.siret, naf: '1071C', capital: 10000 });
    expect(invoice.sender!.address).to.include({ city: 'Paris', zipCode: '75002' });
    // a later change of the company does not reach the emitted invoice
    await k.http.put(`/api/kernel/companies/${k.admin.companyId}`, { siret: '99999999900099' });
    expect((await k.http.get(`${API}/invoices/${invoice._id}`)).body.sender.siret).to.equal(ELIGIBLE_COMPANY.siret);
    await k.http.put(`/api/kernel/companies/${k.admin.companyId}`, { siret: ELIGIBLE_COMPANY.siret });
  });

  it('chaîne les empreintes : chacune couvre la précédente et le contenu figé relu en base, même après un compteur relevé', async () => {
    // a company continuing the sequence of its former software raises its counter: a gap in numbers, not in the chain
    await setNumbering(k, 'invoice', { next: 40 });
    expect((await emitted(k.http)).number).to.equal(40);
    expect((await emitted(k.http)).number).to.equal(41);
    const list = (await k.http.get(`${API}/invoices`, {
      query: { filters: { number: { mode: 'exists', value: true } }, sort: { field: 'number', ascending: true } },
    })).body.data as Invoice[];
    expect(list.length).to.be.greaterThan(2);
    let previous: string | null = null;
    for (const invoice of list) {
      expect(invoice.hash).to.match(/^[0-9a-f]{64}$/);
      expect(invoice.hash).to.equal(invoiceHash(previous, invoice));
      previous = invoice.hash!;
    }
    // an altered amount no longer matches its hash
    const tampered = { ...list[1], inclTaxesPrice: list[1].inclTaxesPrice + 0.01 };
    expect(invoiceHash(list[0].hash!, tampered)).to.not.equal(list[1].hash);
  });

  it('fige la facture émise : PUT et DELETE répondent 409 avec la raison, émettre deux fois aussi', async () => {
    const invoice = await emitted(k.http);
    const put = await k.http.put(`${API}/invoices/${invoice._id}`, { comment: 'modifiée' });
    expect(put.status).to.equal(409);
    expect(put.body.message).to.equal(FROZEN_INVOICE);
    const del = await k.http.delete(`${API}/invoices/${invoice._id}`);
    expect(del.status).to.equal(409);
    expect(del.body.message).to.equal('Une facture émise ne peut plus être modifiée ni supprimée : corrigez-la par un avoir ou une facture corrective.');
    expect((await k.http.post(`${API}/invoices/${invoice._id}/emit`)).status).to.equal(409);
    const stored = (await k.http.get(`${API}/invoices/${invoice._id}`)).body;
    expect(stored).to.deep.equal(invoice);
  });

  it('laisse modifier et supprimer un brouillon, totaux recalculés à chaque fois', async () => {
    const draft = await createDraft(k.http);
    expect(draft).to.not.have.property('numberFull');
    expect(draft.items[0]).to.include({ quantity: 2, vat: 5.5, exclTaxesPrice: 3.5, inclTaxesPrice: 3.69, type: 'service' });
    expect(draft.items[0].uuid).to.be.a('string').and.not.equal('');
    expect(draft.inclTaxesPrice).to.equal(7.38);
    const updated = await k.http.put(`${API}/invoices/${draft._id}`, {
      comment: 'à livrer samedi',
      items: [...draft.items, { labelPrimary: 'Croissant', quantity: 10, inclTaxesPrice: 1.2, vat: 5.5 }],
    });
    expect(updated.status).to.equal(200);
    expect(updated.body.comment).to.equal('à livrer samedi');
    expect(updated.body.items[0].uuid).to.equal(draft.items[0].uuid);
    expect(updated.body.items[1]).to.include({ exclTaxesPrice: 1.14, inclTaxesPrice: 1.2 });
    expect(updated.body.inclTaxesPrice).to.equal(19.38);
    expect(updated.body.unpaidAmount).to.equal(19.38);
    expect((await k.http.delete(`${API}/invoices/${draft._id}`)).status).to.equal(204);
    expect((await k.http.get(`${API}/invoices/${draft._id}`)).status).to.equal(404);
  });

  it('prend le destinataire du client choisi, le change avec le client, l’enlève sans client', async () => {
    const a = await createCustomer(k.http, { company: 'Café Bellecour', addresses: [{ address: '1 place Bellecour', zipCode: '69002', city: 'Lyon' }] });
    const b = await createCustomer(k.http, { firstname: 'Paul', name: 'Girard', addresses: [] });
    const draft = await createDraft(k.http, { fk: { receiverCustomer: a._id } });
    expect(draft.receiver).to.deep.include({ company: 'Café Bellecour' });
    expect(draft.receiver!.invoicingAddress).to.include({ city: 'Lyon' });
    const toB = (await k.http.put(`${API}/invoices/${draft._id}`, { fk: { receiverCustomer: b._id } })).body as Invoice;
    expect(toB.receiver).to.deep.equal({ firstname: 'Paul', name: 'Girard' });
    const typed = (await k.http.put(`${API}/invoices/${draft._id}`, { receiver: { name: 'Girard', firstname: 'Paul', civ: 'M.' } })).body as Invoice;
    expect(typed.receiver).to.deep.equal({ name: 'Girard', firstname: 'Paul', civ: 'M.' });
    const none = await k.http.put(`${API}/invoices/${draft._id}`, { fk: { receiverCustomer: null } });
    expect(none.status, JSON.stringify(none.body)).to.equal(200);
    expect(none.body).to.not.have.property('receiver');
    expect((await k.http.get(`${API}/invoices/${draft._id}`)).body).to.not.have.property('receiver');
  });

  it('remplace INVOICE_MONTH et INVOICE_YEAR à l’émission d’une facture de modèle, et seulement là', async () => {
    clock = new Date('2026-02-28T23:30:00.000Z'); // already 1 March in Paris
    const label = 'Abonnement INVOICE_MONTH INVOICE_YEAR';
    // fk.invoiceTemplateId must name a template of the company (repository reference check)
    const template = await k.http.post(`${API}/invoice-templates`, { name: 'Abonnement mensuel' });
    expect(template.status, JSON.stringify(template.body)).to.equal(201);
    const templated = await emitted(k.http, {
      items: [{ labelPrimary: label, labelSecondary: 'Période : INVOICE_MONTH', vat: 20, exclTaxesPrice: 30 }],
      fk: { invoiceTemplateId: template.body._id },
    });
    expect(templated.items[0].labelPrimary).to.equal('Abonnement mars 2026');
    expect(templated.items[0].labelSecondary).to.equal('Période : mars');
    const plain = await emitted(k.http, { items: [{ labelPrimary: label, vat: 20, exclTaxesPrice: 30 }] });
    expect(plain.items[0].labelPrimary).to.equal(label);
    clock = new Date('2026-03-16T10:00:00.000Z');
  });

  it('ajoute les quantités vendues aux articles du catalogue à l’émission, pas avant', async () => {
    const item = await k.http.post('/api/catalogue/items', { name: 'Baguette tradition', vat: 5.5, inclTaxesPrice: 1.3 });
    expect(item.status, JSON.stringify(item.body)).to.equal(201);
    const old = await k.http.post('/api/catalogue/items', { name: 'Ancien article', vat: 20, exclTaxesPrice: 1 });
    const salesCount = async () => (await k.http.get(`/api/catalogue/items/${item.body._id}`)).body.salesCount;
    const draft = await createDraft(k.http, {
      items: [
        { labelPrimary: 'Baguette tradition', itemId: item.body._id, quantity: 3, vat: 5.5, inclTaxesPrice: 1.3 },
        { labelPrimary: 'Baguette tradition', itemId: item.body._id, quantity: 2, vat: 5.5, inclTaxesPrice: 1.3 },
        { labelPrimary: 'Ancien article', itemId: old.body._id, quantity: 1, vat: 20, exclTaxesPrice: 1 },
      ],
    });
    // an article on a document cannot be deleted any more (archived instead); one deleted before
    // that rule (removed here by SQL) does not block the emission
    expect((await k.http.delete(`/api/catalogue/items/${old.body._id}`)).status).to.equal(409);
    await k.db('catalogue_items').where({ _id: old.body._id }).delete();
    expect(await salesCount()).to.equal(0);
    await emit(k.http, draft._id);
    expect(await salesCount()).to.equal(5);
  });

  it('isole les entreprises : la facture d’une autre entreprise est introuvable (404)', async () => {
    const invoice = await emitted(k.http);
    const draft = await createDraft(k.http);
    const other = await otherCompany(k);
    for (const res of [
      await other.get(`${API}/invoices/${invoice._id}`),
      await other.put(`${API}/invoices/${draft._id}`, { comment: 'x' }),
      await other.delete(`${API}/invoices/${draft._id}`),
      await other.post(`${API}/invoices/${draft._id}/emit`),
      await other.post(`${API}/invoices/${invoice._id}/payments`, { mode: 'cb', amount: 1 }),
      await other.post(`${API}/invoices/${invoice._id}/credit`),
      await other.post(`${API}/invoices/${invoice._id}/duplicate`),
    ]) {
      expect(res.status, JSON.stringify(res.body)).to.equal(404);
    }
    expect((await other.get(`${API}/invoices`)).body.count).to.equal(0);
    expect((await k.http.get(`${API}/invoices/${draft._id}`)).body).to.not.have.property('comment');
  });

  it('refuse les corps invalides (400) sans rien changer', async () => {
    const draft = await createDraft(k.http);
    const invoice = await emitted(k.http);
    const before = await tableCounts(k);
    const storedDraft = (await k.http.get(`${API}/invoices/${draft._id}`)).body;
    const bad: Array<[string, string, unknown]> = [
      ['POST', `${API}/invoices`, { items: [{ quantity: 'deux' }] }],
      ['POST', `${API}/invoices`, { numberFull: 'F-9999' }],
      ['POST', `${API}/invoices`, { status: 'paid' }],
      ['POST', `${API}/invoices`, { hash: 'a'.repeat(64) }],
      ['POST', `${API}/invoices`, { inclTaxesPrice: 10 }],
      ['POST', `${API}/invoices`, { fk: { company: k.admin.companyId } }],
      ['POST', `${API}/invoices`, { fk: { receiverCustomer: 'pas-un-id' } }],
      ['POST', `${API}/invoices`, { fk: { receiverCustomer: '65f0c0ffee0000000000beef' } }],
      ['POST', `${API}/invoices`, { items: [{ vat: 120, exclTaxesPrice: 1 }] }],
      ['PUT', `${API}/invoices/${draft._id}`, { paidAmount: 5 }],
      ['PUT', `${API}/invoices/${draft._id}`, { items: 'deux lignes' }],
      ['POST', `${API}/invoices/${draft._id}/emit`, { now: true }],
      ['POST', `${API}/invoices/${invoice._id}/payments`, { mode: 'cb', amount: 'dix' }],
      ['POST', `${API}/invoices/${invoice._id}/payments`, { mode: 'bitcoin', amount: 10 }],
      ['POST', `${API}/invoices/${invoice._id}/payments`, { mode: 'cb', amount: 0 }],
      ['POST', `${API}/invoices/${invoice._id}/payments`, { mode: 'cb', amount: 10.005 }],
      ['POST', `${API}/invoices/${invoice._id}/payments`, { mode: 'credit-compensation', amount: 10 }],
      ['POST', `${API}/invoices/${invoice._id}/payments`, { mode: 'cb' }],
      ['POST', `${API}/invoices/${invoice._id}/credit`, { items: [] }],
      ['POST', `${API}/invoices/${invoice._id}/credit`, { items: ['pas-une-ligne'] }],
      ['POST', `${API}/compute`, { items: [{ vat: 'vingt' }] }],
      ['GET', `${API}/invoices/pas-un-id`, undefined],
      ['GET', `${API}/invoices`, { filters: { inconnu: { mode: 'eq', value: 1 } } }],
    ];
    for (const [method, url, body] of bad) {
      const res = method === 'GET'
        ? await k.http.get(url, body ? { query: body as Record<string, unknown> } : {})
        : await k.http.request(method, url, body);
      expect(res.status, `${method} ${url} ${JSON.stringify(body)} → ${JSON.stringify(res.body)}`).to.equal(400);
      expect(res.body.code).to.equal('VALIDATION');
      expect(res.body.message).to.be.a('string').and.not.match(/undefined/);
    }
    expect(await tableCounts(k)).to.deep.equal(before);
    expect((await k.http.get(`${API}/invoices/${draft._id}`)).body).to.deep.equal(storedDraft);
    expect((await k.http.get(`${API}/invoices/${invoice._id}`)).body).to.deep.equal(invoice);
  });
});
