/**
 * Invoices, credit notes, corrective invoices and quotations as PDF (`GET …/:id/pdf`), read back
 * with pdf-parse: the sender's legal identity, the receiver, the lines, the VAT details, the totals
 * in French (« 1 234,50 € »), the payments and what is due, and every legal mention.
 */
import { expect } from 'chai';
import type { TestKernel } from '@comptoir/sdk/testing';
import type { Invoice } from '../schemas/index.ts';
import {
  API, bootKernel, createCustomer, createDraft, emit, emitted, makeEligible, otherCompany, pay, setNumbering, updateCompany,
} from './support.ts';
import { fetchBytes, fetchPdfText } from '../../../test/support/pdf.ts';
import { readCii } from './support/cii-read.ts';

const TWO_RATES = {
  items: [
    { labelPrimary: 'Pièce montée', labelSecondary: 'Choux à la crème, nougatine', quantity: 1, vat: 5.5, exclTaxesPrice: 1234.5 },
    { labelPrimary: 'Atelier pâtisserie', quantity: 2, vat: 20, exclTaxesPrice: 100 },
  ],
};
const count = (text: string, re: RegExp) => (text.match(new RegExp(re, 'g')) ?? []).length;

describe('invoicing : documents PDF', function () {
  let k: TestKernel;
  let professional: string;
  let consumer: string;
  const clock = new Date('2026-11-24T09:00:00.000Z');

  before(async () => {
    k = await bootKernel({ now: () => clock });
    await makeEligible(k);
    await updateCompany(k, { invoiceFreeData: 'Règlement par virement sur le compte FR76 0000 0000 0000.' });
    await setNumbering(k, 'invoice', { prefix: 'F-2026-' });
    await setNumbering(k, 'quotation', { prefix: 'D-2026-' });
    professional = (await createCustomer(k.http, {
      company: 'Hôtel du Parc', firstname: 'Sophie', name: 'Garnier', vatNumber: 'FR40303265045',
      addresses: [{ address: '1 place Bellecour', zipCode: '69002', city: 'Lyon', country: 'France', delivery: true, invoicing: true }],
    }))._id;
    consumer = (await createCustomer(k.http, { firstname: 'Claire', name: 'Dubois' }))._id;
  });
  after(async () => { await k?.stop(); });

  it('imprime le RCS, le SIREN du client, les coordonnées bancaires et le délai du client (issue 13), avec les mots du XML', async () => {
    const http = await otherCompany(k, 'Pâtisserie Rivière SAS');
    await updateCompany(k, {
      name: 'Pâtisserie Rivière SAS', telBusiness: '04 00 00 00 00', email: 'contact@riviere.example', naf: '1071C', status: 'SAS', capital: 5000,
      address: { address: '5 rue Mercière', zipCode: '69002', city: 'Lyon', country: 'France', delivery: true, invoicing: true },
      siren: '552100554', siret: '55210055400013', vatNumber: 'FR96552100554', rcs: 'Lyon B 552 100 554',
      iban: 'FR7630006000011234567890189', bic: 'AGRIFRPPXXX', paymentTermsDays: 45,
    }, http);
    const buyer = await createCustomer(http, { company: 'Hôtel du Parc SA', siret: '30326504500011', electronicAddress: '303265045', paymentTermsDays: 20 });
    const invoice = await emitted(http, { ...TWO_RATES, fk: { receiverCustomer: buyer._id } });
    const { text } = await fetchPdfText(http, `${API}/invoices/${invoice._id}/pdf`);
    for (const s of ['RCS Lyon B 552 100 554', 'SIREN : 303265045', 'Règlement par virement : IBAN FR76 3000 6000 0112 3456 7890 189 – BIC AGRIFRPPXXX',
      'Échéance : 14/12/2026', 'Paiement à 20 jours : au plus tard le 14/12/2026.']) {
      expect(text).to.contain(s);
    }
    const xml = readCii((await http.get(`${API}/invoices/${invoice._id}/xml`)).body as string);
    expect(xml.sellerDescription).to.equal('SAS au capital de 5\u00a0000,00\u00a0€ – RCS Lyon B 552 100 554 – Code NAF : 1071C');
    expect(xml.terms.description).to.equal('Paiement à 20 jours : au plus tard le 14/12/2026.');
    expect(xml.buyer.siren).to.equal('303265045');

    // a credit note asks for no payment: no bank details
    const credit = await http.post(`${API}/invoices/${invoice._id}/credit`, {});
    const creditNote = await emit(http, credit.body._id);
    expect((await fetchPdfText(http, `${API}/invoices/${creditNote._id}/pdf`)).text).to.not.contain('IBAN');
  });

  it('imprime une facture émise : émetteur, destinataire, lignes, TVA par taux, totaux, net à payer et mentions légales', async () => {
    const invoice = await emitted(k.http, { ...TWO_RATES, fk: { receiverCustomer: professional }, comment: 'Merci de votre commande.' });
    await pay(k.http, invoice._id, 500, 'transfer');
    const { text, pages, res } = await fetchPdfText(k.http, `${API}/invoices/${invoice._id}/pdf`);
    expect(pages).to.equal(1);
    expect(res.headers.get('content-disposition')).to.equal(`inline; filename="Facture-${invoice.numberFull}.pdf"`);
    // sender, from the frozen snapshot
    for (const s of ['Boulangerie Martin SARL', 'SARL au capital de 10 000,00 €', '12 rue de la Paix', '75002 Paris', 'Tél. 01 23 45 67 89',
      'contact@boulangerie-martin.fr', 'SIRET : 12345678200010', 'SIREN : 123456782', 'Code NAF : 1071C', 'TVA intracommunautaire : FR11123456782']) {
      expect(text).to.contain(s);
    }
    // title, number, dates (emitted on 24/11/2026, due 30 days later)
    expect(text).to.contain('FACTURE');
    expect(text).to.match(/Numéro : F-2026-\d{7}/);
    expect(text).to.contain(`Numéro : ${invoice.numberFull}`);
    expect(text).to.contain('Date : 24/11/2026');
    expect(text).to.contain('Échéance : 24/12/2026');
    // receiver
    for (const s of ['Destinataire', 'Hôtel du Parc', 'Sophie Garnier', '1 place Bellecour', '69002 Lyon', 'TVA intracommunautaire : FR40303265045']) {
      expect(text).to.contain(s);
    }
    // lines: 1 234,50 € HT at 5,5 % (1 302,40 € TTC); 2 × 100,00 € HT at 20 %
    expect(text).to.match(/Pièce montée\s+Choux à la crème, nougatine\s+1 1 234,50 € 5,5 % 1 234,50 € 1 302,40 €/);
    expect(text).to.contain('Atelier pâtisserie 2 100,00 € 20 % 200,00 € 240,00 €');
    // VAT details per rate, totals
    expect(text).to.contain('DÉTAIL DE LA TVA');
    expect(text).to.contain('Taux Base HT TVA Total TTC');
    expect(text).to.contain('5,5 % 1 234,50 € 67,90 € 1 302,40 €');
    expect(text).to.contain('20 % 200,00 € 40,00 € 240,00 €');
    expect(text).to.contain('Total HT 1 434,50 €');
    expect(text).to.contain('Total TVA 107,90 €');
    expect(text).to.contain('Total TTC 1 542,40 €');
    // what is due, as emitted: the payment recorded afterwards is not printed on the invoice (invoicing README « Factur-X », Frozen e-invoice)
    expect(text).to.contain('Net à payer 1 542,40 €');
    expect(text).to.not.contain('Virement');
    expect(text).to.not.contain('Total payé');
    // texts: comment, the company's conditions, then the legal mentions it did not write
    expect(text).to.contain('Merci de votre commande.');
    expect(text).to.contain('Règlement par virement sur le compte FR76 0000 0000 0000.');
    expect(text).to.contain('Paiement à 30 jours : au plus tard le 24/12/2026.');
    expect(text).to.contain('Pas d’escompte pour paiement anticipé.');
    expect(text).to.match(/pénalités de retard sont exigibles au taux d’intérêt appliqué par la Banque centrale européenne[^.]*majoré de 10 points de pourcentage \(art\. L441-10 du Code de commerce\)/);
    expect(text).to.match(/indemnité forfaitaire pour frais de recouvrement de 40 € \(art\. L441-10 et D441-5 du Code de commerce\)/);
    expect(text).to.not.contain('293 B');
    expect(text).to.not.contain('BROUILLON');
    expect(text).to.contain('Page 1/1');
  });

  it('?download=1 enregistre le fichier (attachment) au lieu de l’afficher', async () => {
    const invoice = await emitted(k.http);
    const res = await fetchBytes(k.http, `${API}/invoices/${invoice._id}/pdf?download=1`);
    expect(res.status).to.equal(200);
    expect(res.headers.get('content-disposition')).to.match(new RegExp(`^attachment; filename="Facture-${invoice.numberFull}\\.pdf"`));
    const bad = await k.http.get(`${API}/invoices/${invoice._id}/pdf`, { query: { download: 'oui' } });
    expect(bad.status).to.equal(400);
  });

  it('pour un particulier, ni indemnité de 40 € ni pénalités commerciales ; les conditions de l’entreprise ne les contredisent pas', async () => {
    const plain = await emitted(k.http, { fk: { receiverCustomer: consumer } });
    const printed = (await fetchPdfText(k.http, `${API}/invoices/${plain._id}/pdf`)).text;
    expect(printed).to.contain('En cas de retard de paiement, des intérêts au taux légal sont dus (art. 1231-6 du Code civil).');
    expect(printed).to.contain('Indemnité forfaitaire pour frais de recouvrement : sans objet (client non professionnel).');
    expect(printed).to.not.contain('recouvrement de 40');
    expect(printed).to.not.contain('Banque centrale européenne');

    await updateCompany(k, {
      invoiceFreeData: 'Paiement à 30 jours. Pénalités de retard : trois fois le taux d’intérêt légal. Escompte de 2 % pour paiement sous 8 jours. Merci de votre confiance.',
    });
    try {
      const invoice = await emitted(k.http, { fk: { receiverCustomer: consumer } });
      const { text } = await fetchPdfText(k.http, `${API}/invoices/${invoice._id}/pdf`);
      expect(text).to.contain('Claire Dubois');
      // the computed mentions win: the company's sentences saying otherwise are left out, here and in the XML
      expect(text).to.contain('Merci de votre confiance.');
      expect(text).to.not.contain('trois fois');
      expect(text).to.not.contain('Escompte de 2 %');
      expect(text).to.contain('Pas d’escompte pour paiement anticipé.');
      expect(text).to.contain('Paiement à 30 jours : au plus tard le 24/12/2026.');
      expect(text).to.contain('taux légal sont dus');
      expect(count(text, /[Pp]énalités de retard/)).to.equal(0);
      expect(text).to.contain('sans objet (client non professionnel)');
      expect(text).to.contain('Échéance : 24/12/2026');
    } finally {
      await updateCompany(k, { invoiceFreeData: 'Règlement par virement sur le compte FR76 0000 0000 0000.' });
    }
  });

  it('porte « TVA non applicable, art. 293 B du CGI » pour une entreprise non assujettie, sans colonne ni total de TVA', async () => {
    await updateCompany(k, { subjectToVAT: false });
    try {
      const invoice = await emitted(k.http, { items: [{ labelPrimary: 'Cours de cuisine', quantity: 3, exclTaxesPrice: 45 }] });
      expect(invoice.subjectToVAT).to.equal(false);
      const { text } = await fetchPdfText(k.http, `${API}/invoices/${invoice._id}/pdf`);
      expect(text).to.contain('TVA non applicable, art. 293 B du CGI.');
      expect(text).to.contain('Désignation Qté Prix unitaire Total');
      expect(text).to.contain('Cours de cuisine 3 45,00 € 135,00 €');
      expect(text).to.contain('Total 135,00 €');
      expect(text).to.not.contain('DÉTAIL DE LA TVA');
      expect(text).to.not.contain('Total TVA');
    } finally {
      await updateCompany(k, { subjectToVAT: true });
    }
  });

  it('imprime un avoir avec la référence de la facture créditée, et une facture corrective avec celle qu’elle remplace', async () => {
    const source = await emitted(k.http, { ...TWO_RATES, fk: { receiverCustomer: professional } });
    const draft = (await k.http.post(`${API}/invoices/${source._id}/credit`)).body as Invoice;
    const credit = await emit(k.http, draft._id);
    const { text, res } = await fetchPdfText(k.http, `${API}/invoices/${credit._id}/pdf`);
    expect(res.headers.get('content-disposition')).to.contain(`filename="Avoir-${credit.numberFull}.pdf"`);
    expect(text).to.contain('AVOIR');
    expect(text).to.contain(`Avoir sur la facture n° ${source.numberFull} du 24/11/2026`);
    expect(text).to.contain('Total TTC -1 542,40 €');
    // compensated at once against the unpaid source: nothing left to refund
    expect(text).to.contain('Reste à rembourser 0,00 €');
    expect(text).to.not.contain('Échéance');
    // what its XML says: the credit note's terms (BT-20) and the notes BR-FR-05 requires on credit notes too
    expect(text).to.contain(`Avoir sur la facture n° ${source.numberFull} : à déduire de vos prochains règlements ou remboursé.`);
    expect(text).to.contain('pénalités de retard sont exigibles');

    const correctiveDraft = (await k.http.post(`${API}/invoices/${source._id}/corrective`)).body as Invoice;
    const corrective = await emit(k.http, correctiveDraft._id);
    const printed = (await fetchPdfText(k.http, `${API}/invoices/${corrective._id}/pdf`)).text;
    expect(printed).to.contain('FACTURE CORRECTIVE');
    expect(printed).to.contain(`Annule et remplace la facture n° ${source.numberFull} du 24/11/2026`);
    expect(printed).to.contain(`Cette facture annule et remplace la facture n° ${source.numberFull} du 24/11/2026.`);
    expect(printed).to.contain('Pas d’escompte pour paiement anticipé.');
  });

  it('marque un brouillon « BROUILLON — sans valeur », sans numéro, même quand l’entreprise ne peut pas encore facturer', async () => {
    const draft = await createDraft(k.http);
    const { text, res } = await fetchPdfText(k.http, `${API}/invoices/${draft._id}/pdf`);
    expect(text).to.contain('BROUILLON — sans valeur');
    expect(text).to.contain('Numéro : brouillon, non numéroté');
    expect(res.headers.get('content-disposition')).to.contain('filename="Facture-brouillon.pdf"');

    const other = await otherCompany(k, 'Épicerie Durand');
    const otherDraft = await createDraft(other);
    const printed = (await fetchPdfText(other, `${API}/invoices/${otherDraft._id}/pdf`)).text;
    expect(printed).to.contain('Épicerie Durand');
    expect(printed).to.contain('BROUILLON — sans valeur');
    // another company's invoice is not found
    expect((await fetchBytes(other, `${API}/invoices/${draft._id}/pdf`)).status).to.equal(404);
    expect((await fetchBytes(k.http, `${API}/invoices/pas-un-id/pdf`)).status).to.equal(400);
  });

  it('tient sur plusieurs pages : en-tête du tableau répété, « Page 1/3 », totaux et mentions à la fin', async () => {
    const items = Array.from({ length: 70 }, (_, i) => ({ labelPrimary: `Baguette tradition n° ${i + 1}`, quantity: 10, vat: 5.5, exclTaxesPrice: 1.1 }));
    const invoice = await emitted(k.http, { items, fk: { receiverCustomer: professional } });
    const { text, pages } = await fetchPdfText(k.http, `${API}/invoices/${invoice._id}/pdf`);
    expect(pages).to.be.greaterThan(1);
    for (let p = 1; p <= pages; p++) expect(text).to.contain(`Page ${p}/${pages}`);
    expect(count(text, /Désignation Qté P\.U\. HT TVA Total HT Total TTC/)).to.equal(pages);
    expect(count(text, new RegExp(`Boulangerie Martin SARL — Facture ${invoice.numberFull}`))).to.equal(pages - 1);
    expect(text).to.contain('Baguette tradition n° 70 10 1,10 € 5,5 % 11,00 € 11,60 €');
    expect(text).to.contain('Total TTC 812,00 €');
    const last = text.slice(text.lastIndexOf(`Page ${pages - 1}/${pages}`));
    expect(last).to.contain('Pas d’escompte pour paiement anticipé.');
  });

  it('imprime un devis : titre, numéro, date de validité, bon pour accord', async () => {
    const created = await k.http.post(`${API}/quotations`, { ...TWO_RATES, fk: { receiverCustomer: professional } });
    expect(created.status, JSON.stringify(created.body)).to.equal(201);
    const quotation = created.body;
    const { text, res } = await fetchPdfText(k.http, `${API}/quotations/${quotation._id}/pdf`);
    expect(res.headers.get('content-disposition')).to.contain(`filename="Devis-${quotation.numberFull}.pdf"`);
    expect(text).to.contain('DEVIS');
    expect(text).to.contain(`Numéro : ${quotation.numberFull}`);
    expect(text).to.contain('Valable jusqu’au : 08/12/2026');
    expect(text).to.contain('Devis valable jusqu’au 08/12/2026.');
    expect(text).to.contain('Bon pour accord');
    expect(text).to.contain('Total TTC 1 542,40 €');
    expect(text).to.not.contain('Reste à payer');
    expect(text).to.not.contain('pénalités de retard');
  });
});
