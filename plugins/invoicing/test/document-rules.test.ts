/**
 * The plain rules of printed and sent documents, without HTTP: formats, the rules the PDF and the
 * Factur-X XML share (due date, mentions, professional customer, legal identity), kinds, names,
 * recipients, the e-mail.
 */
import { expect } from 'chai';
import type { Invoice } from '../schemas/index.ts';
import { euros, percent, quantity } from '../server/services/pdf/format.ts';
import { legalMentions } from '../server/services/pdf/mentions.ts';
import { documentFromInvoice, invoiceKind, pdfFileName, xmlFileName, type PdfDocument } from '../server/services/pdf/model.ts';
import {
  MENTIONS, bankDetailsText, buyerSiren, dueDateOf, isProfessionalCustomer, legalForm, legalInformation, paymentTermText, paymentTermsDaysOf,
  registrations,
} from '../server/services/document-terms.ts';
import { buildFacturXXml } from '../server/services/facturx/index.ts';
import { defaultRecipients, uniqueAddresses } from '../server/services/sending/send-recipients.ts';
import { documentMail } from '../server/services/sending/send-mail.ts';
import { contentDisposition } from '../server/routes/files.ts';
import { readCii } from './support/cii-read.ts';
import { PERSON_BUYER, SENDER, storedInvoice } from './support/facturx-invoices.ts';

const COMPANY = { name: 'Boulangerie Martin SARL', email: 'contact@boulangerie-martin.fr' } as never;

const base: PdfDocument = {
  kind: 'invoice', title: 'Facture', numberFull: 'F0000001', date: '2026-01-31T23:30:00.000Z', dueDate: dueDateOf('2026-01-31T23:30:00.000Z'),
  expirationDate: null, sender: { name: 'Boulangerie' }, senderEmail: null, receiver: { company: 'Hôtel' }, subjectToVAT: true, items: [], categories: [],
  vatDetails: [], exclTaxesPrice: 100, vatAmount: 20, inclTaxesPrice: 120, settlement: { paidAmount: 0, unpaidAmount: 120, payments: [] },
  headerMessage: null, freeData: null, comment: null, sourceInvoice: null,
};

describe('invoicing : règles des documents imprimés et envoyés', () => {
  it('écrit les montants, quantités et taux en français, avec des espaces insécables', () => {
    expect(euros(1234.5)).to.equal('1\u00a0234,50\u00a0€');
    expect(euros(-0)).to.equal('0,00\u00a0€');
    expect(euros(-1542.4)).to.equal('-1\u00a0542,40\u00a0€');
    expect(quantity(1.5)).to.equal('1,5');
    expect(percent(5.5)).to.equal('5,5\u00a0%');
  });

  it('fixe l’échéance au 30e jour calendaire (Paris) après le jour de la facture, même autour d’un changement d’heure', () => {
    expect(dueDateOf('2026-11-24T09:00:00.000Z')).to.equal('2026-12-24');
    // 31 January 23:30 UTC is 1 February in Paris
    expect(dueDateOf('2026-01-31T23:30:00.000Z')).to.equal('2026-03-03');
    // issued 10 March at 23:30 (UTC+1), due on 9 April (UTC+2): 30 × 24 h would land on 10 April at 00:30
    expect(dueDateOf('2026-03-10T22:30:00.000Z')).to.equal('2026-04-09');
    // issued 10 October at 00:30 (UTC+2), due on 9 November (UTC+1): 30 × 24 h would land on 8 November at 23:30
    expect(dueDateOf('2026-10-09T22:30:00.000Z')).to.equal('2026-11-09');
    expect(dueDateOf('2026-04-02')).to.equal('2026-05-02');
  });

  it('imprime et écrit dans le XML la même échéance pour une facture émise près de minuit au changement d’heure', () => {
    for (const date of ['2026-03-10T22:30:00.000Z', '2026-10-09T22:30:00.000Z', '2026-03-28T23:59:59.000Z']) {
      const invoice = storedInvoice({ items: [{ labelPrimary: 'Baguette', quantity: 1, vat: 5.5, inclTaxesPrice: 1.1 }], date });
      const printed = documentFromInvoice(invoice as Invoice, { company: COMPANY });
      const xml = readCii(buildFacturXXml(invoice));
      expect(xml.terms.dueDate, date).to.equal(printed.dueDate!.replace(/-/g, ''));
      expect(legalMentions(printed), date).to.include(xml.terms.description!);
    }
  });

  it('reconnaît un client professionnel : société, numéro de TVA, SIREN ou SIRET ; un particulier n’a qu’un nom', () => {
    expect(isProfessionalCustomer({ company: 'Hôtel du Parc' })).to.equal(true);
    expect(isProfessionalCustomer({ firstname: 'Claire', name: 'Dubois', vatNumber: 'FR00' })).to.equal(true);
    expect(isProfessionalCustomer({ firstname: 'Claire', name: 'Dubois' }, { siret: '30326504500019' })).to.equal(true);
    expect(isProfessionalCustomer({ firstname: 'Claire', name: 'Dubois' })).to.equal(false);
    expect(isProfessionalCustomer({ company: '  ', name: 'Dubois' })).to.equal(false);
    // nobody named: the professional mentions, the ones a missing mention is fined for
    expect(isProfessionalCustomer(null)).to.equal(true);
    expect(isProfessionalCustomer({})).to.equal(true);
  });

  it('laisse le drapeau « professionnel » du client l’emporter sur la déduction ; l’adresse électronique fait un professionnel', () => {
    expect(isProfessionalCustomer({ company: 'Hôtel du Parc', professional: false })).to.equal(false);
    expect(isProfessionalCustomer({ firstname: 'Claire', name: 'Dubois', professional: true })).to.equal(true);
    expect(isProfessionalCustomer({ firstname: 'Claire', name: 'Dubois', electronicAddress: '552100554' })).to.equal(true);
    expect(isProfessionalCustomer({ firstname: 'Claire', name: 'Dubois', siren: '552100554' })).to.equal(true);
    const consumer = legalMentions({ ...base, receiver: { company: 'Association des Amis', professional: false } });
    expect(consumer.at(-1)).to.equal(MENTIONS.recoveryIndemnity.private);
  });

  it('compte l’échéance avec le délai du client, sinon celui de l’entreprise, sinon 30 jours (issue 13)', () => {
    expect(paymentTermsDaysOf({ receiver: { paymentTermsDays: 20 }, sender: { paymentTermsDays: 45 } })).to.equal(20);
    expect(paymentTermsDaysOf({ receiver: {}, sender: { paymentTermsDays: 45 } })).to.equal(45);
    expect(paymentTermsDaysOf({ receiver: { paymentTermsDays: 0 }, sender: { paymentTermsDays: 45 } })).to.equal(0);
    expect(paymentTermsDaysOf({})).to.equal(30);
    expect(dueDateOf('2026-11-24T09:00:00.000Z', 45)).to.equal('2027-01-08');
    expect(paymentTermText('2027-01-08', 45)).to.equal('Paiement à 45 jours : au plus tard le 08/01/2027.');
    expect(paymentTermText('2026-11-24', 0)).to.equal('Paiement à réception : au plus tard le 24/11/2026.');
    expect(paymentTermText('2026-11-25', 1)).to.equal('Paiement à 1 jour : au plus tard le 25/11/2026.');
    const invoice = storedInvoice({ items: [{ labelPrimary: 'Cours', quantity: 1, vat: 20, exclTaxesPrice: 45 }], date: '2026-11-24T09:00:00.000Z' });
    const termed = { ...invoice, receiver: { ...invoice.receiver, paymentTermsDays: 45 } };
    const printed = documentFromInvoice(termed as Invoice, { company: COMPANY });
    expect(printed.dueDate).to.equal('2027-01-08');
    expect(legalMentions(printed)[0]).to.equal('Paiement à 45 jours : au plus tard le 08/01/2027.');
    const xml = readCii(buildFacturXXml(termed));
    expect(xml.terms).to.deep.equal({ description: 'Paiement à 45 jours : au plus tard le 08/01/2027.', dueDate: '20270108' });
  });

  it('lit le SIREN de l’acheteur dans son SIREN, son SIRET ou son adresse électronique ; écrit IBAN et BIC', () => {
    expect(buyerSiren({ siren: '552 100 554' })).to.equal('552100554');
    expect(buyerSiren({ siret: '55210055400013' })).to.equal('552100554');
    expect(buyerSiren({ electronicAddress: '552100554_ACHATS' })).to.equal('552100554');
    expect(buyerSiren({ electronicAddress: 'factures@exemple.fr' })).to.equal(null);
    expect(buyerSiren(null)).to.equal(null);
    expect(bankDetailsText({ iban: 'FR7630006000011234567890189', bic: 'AGRIFRPPXXX' }))
      .to.equal('Règlement par virement : IBAN FR76 3000 6000 0112 3456 7890 189 – BIC AGRIFRPPXXX');
    expect(bankDetailsText({ iban: 'FR7630006000011234567890189' })).to.equal('Règlement par virement : IBAN FR76 3000 6000 0112 3456 7890 189');
    expect(bankDetailsText({ bic: 'AGRIFRPPXXX' })).to.equal(null);
  });

  it('choisit les mentions légales selon le document et le client, sans répéter ce que les conditions de l’entreprise disent', () => {
    expect(legalMentions(base)).to.deep.equal([
      'Paiement à 30 jours : au plus tard le 03/03/2026.', MENTIONS.discount, MENTIONS.penalties.professional, MENTIONS.recoveryIndemnity.professional,
    ]);
    expect(MENTIONS.recoveryIndemnity.professional).to.match(/40\u00a0€ \(art\. L441-10 et D441-5/);
    // a private customer: interest at the legal rate, no 40 € indemnity
    const consumer = legalMentions({ ...base, receiver: { firstname: 'Claire', name: 'Dubois' } });
    expect(consumer.slice(2)).to.deep.equal([
      'En cas de retard de paiement, des intérêts au taux légal sont dus (art. 1231-6 du Code civil).',
      'Indemnité forfaitaire pour frais de recouvrement : sans objet (client non professionnel).',
    ]);
    expect(consumer.join(' ')).to.not.contain('40');
    expect(legalMentions({ ...base, freeData: 'Escompte 2 %. Pénalités : 3 fois le taux légal. Indemnité forfaitaire de 40 €. Paiement à 45 jours.' })).to.deep.equal([]);
    expect(legalMentions({ ...base, subjectToVAT: false })[0]).to.equal('TVA non applicable, art. 293 B du CGI.');
    expect(legalMentions({ ...base, kind: 'creditNote', dueDate: null })).to.deep.equal([]);
    expect(legalMentions({ ...base, kind: 'quotation', dueDate: null, expirationDate: '2026-12-08T09:00:00.000Z', subjectToVAT: false }))
      .to.deep.equal(['TVA non applicable, art. 293 B du CGI.', 'Devis valable jusqu’au 08/12/2026.']);
  });

  it('écrit dans les notes du XML les mêmes mentions que le PDF, pour un professionnel comme pour un particulier', () => {
    for (const [who, receiver] of [['professionnel', undefined], ['particulier', PERSON_BUYER]] as const) {
      for (const subjectToVAT of [true, false]) {
        const invoice = storedInvoice({ items: [{ labelPrimary: 'Cours', quantity: 1, vat: 20, exclTaxesPrice: 45 }], receiver, subjectToVAT });
        const printed = legalMentions(documentFromInvoice(invoice as Invoice, { company: COMPANY }));
        const notes = readCii(buildFacturXXml(invoice)).notes.filter((n) => ['TXD', 'PMD', 'PMT', 'AAB'].includes(n.subject ?? '')).map((n) => n.content);
        // the payment term is BT-20 in the XML, not a note
        expect(notes, `${who}, TVA ${subjectToVAT}`).to.deep.equal(printed.filter((m) => !m.startsWith('Paiement à 30 jours')));
      }
    }
  });

  it('écrit la forme juridique et les immatriculations que l’entreprise a, de même au PDF et dans le XML (BT-33)', () => {
    expect(legalForm({ status: 'sas', capital: 1000 })).to.equal('Sas au capital de 1\u00a0000,00\u00a0€');
    expect(legalForm({ capital: 0 })).to.equal(null);
    expect(registrations({ siret: ' 123 ', naf: '', vatNumber: 'FR1' }).map((r) => r.text)).to.deep.equal(['SIRET : 123', 'TVA intracommunautaire : FR1']);
    expect(legalInformation({ ...SENDER, rm: '123 456 789 RM 75' })).to.equal('SARL au capital de 10\u00a0000,00\u00a0€ – Code NAF : 1071C – RM : 123 456 789 RM 75');
    expect(legalInformation({})).to.equal(undefined);
    expect(registrations({ siren: '552100554', rcs: 'Lyon B 552 100 554', rm: '552 100 554 RM 69' }).map((r) => r.text))
      .to.deep.equal(['SIREN : 552100554', 'RCS Lyon B 552 100 554', 'RM : 552 100 554 RM 69']);
    expect(legalInformation({ ...SENDER, rcs: 'Lyon B 552 100 554' }))
      .to.equal('SARL au capital de 10\u00a0000,00\u00a0€ – RCS Lyon B 552 100 554 – Code NAF : 1071C');
    const read = readCii(buildFacturXXml(storedInvoice({ items: [{ labelPrimary: 'Cours', quantity: 1, vat: 20, exclTaxesPrice: 45 }] })));
    expect(read.notes.find((n) => n.subject === 'REG')!.content).to.equal('SARL au capital de 10\u00a0000,00\u00a0€ – Code NAF : 1071C');
  });

  it('reconnaît facture, avoir et facture corrective ; nomme le fichier', () => {
    expect(invoiceKind({ inclTaxesPrice: -1, headerTitle: 'Avoir', fk: { sourceInvoice: 'x' } } as Invoice)).to.equal('creditNote');
    expect(invoiceKind({ inclTaxesPrice: 10, headerTitle: 'Facture corrective', fk: { sourceInvoice: 'x' } } as Invoice)).to.equal('corrective');
    expect(invoiceKind({ inclTaxesPrice: 10, headerTitle: 'Facture corrective', fk: {} } as Invoice)).to.equal('invoice');
    expect(pdfFileName({ kind: 'corrective', numberFull: 'FC/2026 01' })).to.equal('Facture-corrective-FC-2026-01.pdf');
    expect(pdfFileName({ kind: 'invoice', numberFull: null })).to.equal('Facture-brouillon.pdf');
    expect(xmlFileName({ kind: 'creditNote', numberFull: 'F/2026/7' })).to.equal('Avoir-F-2026-7-factur-x.xml');
    expect(contentDisposition('Facture-Été-1.pdf', true)).to.equal('attachment; filename="Facture-Ete-1.pdf"; filename*=UTF-8\'\'Facture-%C3%89t%C3%A9-1.pdf');
    expect(contentDisposition('Facture-F-1.pdf', false)).to.equal('inline; filename="Facture-F-1.pdf"');
  });

  it('prend le sender figé d’une facture émise, celui de l’entreprise pour un brouillon, et les paiements dans l’ordre', () => {
    const company = { name: 'Nouveau nom', email: 'a@b.example' } as never;
    const invoice = { numberFull: 'F1', sender: { name: 'Ancien nom' }, date: '2026-01-01T00:00:00.000Z', inclTaxesPrice: 10, fk: {}, items: [], vatDetails: [] } as unknown as Invoice;
    const doc = documentFromInvoice(invoice, {
      company, payments: [{ date: '2026-02-02T00:00:00.000Z', mode: 'check', amount: 2 }, { date: '2026-01-02T00:00:00.000Z', mode: 'cb', amount: 1 }],
    });
    expect(doc.sender.name).to.equal('Ancien nom');
    expect(doc.senderEmail).to.equal('a@b.example');
    expect(doc.settlement!.payments.map((p) => p.label)).to.deep.equal(['Carte bancaire', 'Chèque']);
    expect(documentFromInvoice({ ...invoice, numberFull: undefined }, { company }).sender.name).to.equal('Nouveau nom');
  });

  it('envoie aux contacts destinataires (leur première adresse, chacune une fois), sinon au client', () => {
    expect(uniqueAddresses([' a@x.example ', 'A@X.example', '', null, 'b@x.example'])).to.deep.equal(['a@x.example', 'b@x.example']);
    expect(defaultRecipients([{ emails: [{ email: '' }, { email: 'c@x.example' }, { email: 'd@x.example' }] }, { emails: [] }], 'client@x.example')).to.deep.equal(['c@x.example']);
    expect(defaultRecipients([{ emails: [] }], 'client@x.example')).to.deep.equal(['client@x.example']);
    expect(defaultRecipients([], undefined)).to.deep.equal([]);
  });

  it('rédige l’e-mail : reste dû et échéance, facture réglée, avoir à rembourser, message échappé en HTML', () => {
    const mail = documentMail(base, { companyName: 'Boulangerie', message: 'À bientôt <3' });
    expect(mail.subject).to.equal('Facture F0000001 — Boulangerie');
    expect(mail.text).to.contain('d’un montant de 120,00\u00a0€ TTC.');
    expect(mail.text).to.contain('Montant restant dû : 120,00\u00a0€, à régler au plus tard le 03/03/2026.');
    expect(mail.html).to.contain('<p>À bientôt &lt;3</p>');
    expect(documentMail({ ...base, settlement: { paidAmount: 120, unpaidAmount: 0, payments: [] } }, { companyName: 'B' }).text)
      .to.contain('Cette facture est entièrement réglée : merci.');
    expect(documentMail({ ...base, kind: 'creditNote', title: 'Avoir', inclTaxesPrice: -50, dueDate: null, settlement: { paidAmount: 0, unpaidAmount: -50, payments: [] } }, { companyName: 'B' }).text)
      .to.contain('notre avoir n° F0000001 du 01/02/2026, d’un montant de 50,00\u00a0€ TTC.\n\nMontant restant à vous rembourser : 50,00\u00a0€.');
  });
});
