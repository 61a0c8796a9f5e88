/**
 * The Factur-X EN 16931 generator as a plain function: every XML it writes is checked with xmllint
 * against the Factur-X 1.09 XSD, then read back to check the business rules an XSD cannot
 * (BR-CO-10..17 and the others of test/support/cii-rules.ts) and that its totals are the stored ones.
 */
import { expect } from 'chai';
import { Decimal } from 'decimal.js';
import { isHttpError } from '@comptoir/sdk';
import {
  buildFacturX, buildFacturXXml, facturXMissingFields, type FacturXContext, type FacturXInvoice,
} from '../server/services/facturx/index.ts';
import { readCii, type CiiRead } from './support/cii-read.ts';
import { ciiViolations, maxVatDeviation } from './support/cii-rules.ts';
import { COMPANY_BUYER, PERSON_BUYER, SENDER, creditNoteOf, randomLines, seeded, storedInvoice } from './support/facturx-invoices.ts';
import { requireXmllint, validateEn16931 } from './support/xmllint.ts';

const SOURCE = { sourceInvoice: { numberFull: 'F0000042', date: '2026-04-02T09:00:00.000Z' } };
const FOUR_RATES = [
  { labelPrimary: 'Prestation de conseil', quantity: 3, vat: 20, exclTaxesPrice: 83.33 },
  { labelPrimary: 'Repas traiteur', quantity: 7, vat: 10, inclTaxesPrice: 12.99 },
  { labelPrimary: 'Baguette tradition', quantity: 13, vat: 5.5, inclTaxesPrice: 1.15 },
  { labelPrimary: 'Journal du jour', quantity: 2, vat: 2.1, inclTaxesPrice: 1.95 },
  { labelPrimary: 'Croissant', quantity: 11, vat: 5.5, inclTaxesPrice: 1.05 },
];

function expectXsdValid(documents: Record<string, string>): void {
  const { valid, output } = validateEn16931(documents);
  const invalid = Object.entries(valid).filter(([, ok]) => !ok).map(([name]) => name);
  expect(invalid, output.slice(0, 2000)).to.deep.equal([]);
}

/**
 * The XML of an invoice, valid against the XSD (checked at once, or with the batch it is added to)
 * and against the business rules, read back.
 */
function xmlOf(name: string, invoice: FacturXInvoice, context: FacturXContext = {}, batch?: Record<string, string>): CiiRead {
  const xml = buildFacturXXml(invoice, context);
  if (batch) batch[name] = xml;
  else expectXsdValid({ [name]: xml });
  const read = readCii(xml);
  expect(ciiViolations(read), name).to.deep.equal([]);
  return read;
}

const d = (v: number) => new Decimal(v);

/** The XML says what the invoice says; a credit note (381) says it with the opposite sign. */
function expectStoredTotals(read: CiiRead, invoice: FacturXInvoice): void {
  const sign = read.typeCode === '381' ? -1 : 1;
  const same = (xml: Decimal | undefined, stored: number, what: string) =>
    expect(xml!.eq(d(stored).times(sign)), `${what} : ${xml} ≠ ${stored} × ${sign}`).to.equal(true);
  const t = read.totals;
  same(t.taxBasis, invoice.exclTaxesPrice, 'HT');
  same(t.tax, invoice.vatAmount, 'TVA');
  same(t.grand, invoice.inclTaxesPrice, 'TTC');
  same(t.paid, invoice.paidAmount, 'payé');
  same(t.due, invoice.unpaidAmount, 'reste dû');
  for (const detail of invoice.vatDetails) {
    const tax = read.taxes.find((x) => x.rate!.eq(detail.vat));
    expect(tax, `taux ${detail.vat}`).to.not.equal(undefined);
    same(tax!.basis, detail.totalExclTaxes, `base à ${detail.vat} %`);
    same(tax!.tax, detail.amount, `TVA à ${detail.vat} %`);
  }
}

describe('Factur-X : XML CII EN 16931 (fonction pure)', function () {
  before(function () { requireXmllint(this); });

  for (const method of ['rounded-total', 'rounded-lines'] as const) {
    it(`écrit une facture à quatre taux (20, 10, 5,5, 2,1) en « ${method} » : totaux et TVA enregistrés, sommes exactes`, () => {
      const invoice = storedInvoice({ items: FOUR_RATES, method });
      const read = xmlOf(`quatre-taux-${method}`, invoice);
      expect(read.typeCode).to.equal('380');
      expect(read.taxes.map((x) => `${x.category} ${x.rate!.toFixed(2)}`)).to.deep.equal(['S 2.10', 'S 5.50', 'S 10.00', 'S 20.00']);
      expectStoredTotals(read, invoice);
      expect(maxVatDeviation(read).lte(0.01), `écart ${maxVatDeviation(read)}`).to.equal(true);
      expect(read.lines.map((l) => l.net!.toFixed(2))).to.deep.equal(['249.99', '82.67', '14.17', '3.82', '11.00']);
      expect(read.terms).to.deep.equal({ description: 'Paiement à 30 jours : au plus tard le 02/05/2026.', dueDate: '20260502' });
      expect(read.businessProcess).to.equal('S1');
    });
  }

  it('« rounded-total » : l’écart entre la somme des lignes HT et le HT du taux devient un frais d’arrondi ; « rounded-lines » n’en a pas', () => {
    const baguettes = [1, 2, 3].map((i) => ({ labelPrimary: `Baguette ${i}`, vat: 5.5, inclTaxesPrice: 1.1 }));
    const total = xmlOf('arrondi-total', storedInvoice({ items: baguettes, method: 'rounded-total' }));
    // 3 × 1,04 HT = 3,12 ; 3,30 TTC ÷ 1,055 = 3,13 HT
    expect(total.totals.lines!.toFixed(2)).to.equal('3.12');
    expect(total.allowanceCharges.map((a) => [a.charge, a.amount!.toFixed(2), a.category, a.rate!.toFixed(2)])).to.deep.equal([[true, '0.01', 'S', '5.50']]);
    expect(total.allowanceCharges[0].reason).to.equal('Écart d’arrondi : TVA calculée sur le total TTC de chaque taux');
    expect([total.totals.taxBasis!.toFixed(2), total.totals.tax!.toFixed(2), total.totals.grand!.toFixed(2)]).to.deep.equal(['3.13', '0.17', '3.30']);

    const lines = xmlOf('arrondi-lignes', storedInvoice({ items: baguettes, method: 'rounded-lines' }));
    expect(lines.allowanceCharges).to.deep.equal([]);
    expect([lines.totals.taxBasis!.toFixed(2), lines.totals.tax!.toFixed(2)]).to.deep.equal(['3.12', '0.18']);

    // large quantities: an allowance (negative gap) of several cents, still exact
    // 1 000 × round2(1,16 ÷ 1,055) = 1 100,00 HT ; 1 160,00 TTC ÷ 1,055 = 1 099,53 HT
    const bulk = storedInvoice({ items: [{ labelPrimary: 'Pain en gros', quantity: 1000, vat: 5.5, inclTaxesPrice: 1.16 }] });
    const read = xmlOf('arrondi-gros', bulk);
    expect(read.allowanceCharges.map((a) => [a.charge, a.amount!.toFixed(2)])).to.deep.equal([[false, '0.47']]);
    expectStoredTotals(read, bulk);
  });

  it('écrit un avoir total (381) en montants positifs, avec la facture d’origine (BT-25, BT-26) et sans échéance', () => {
    const source = storedInvoice({ items: FOUR_RATES, payments: [100] });
    const credit = creditNoteOf(source);
    expect(credit.inclTaxesPrice).to.be.below(0);
    const read = xmlOf('avoir-total', credit, SOURCE);
    expect(read.typeCode).to.equal('381');
    // what the PDF/A-3 container declares
    expect(buildFacturX(credit, SOURCE)).to.include({ typeCode: '381', documentType: 'INVOICE', conformanceLevel: 'EN 16931' });
    expect(buildFacturX(source)).to.include({ typeCode: '380', documentType: 'INVOICE' });
    expect(read.preceding).to.deep.equal([{ number: 'F0000042', date: '20260402' }]);
    expect(read.lines.every((l) => l.quantity!.gt(0) && l.net!.gt(0))).to.equal(true);
    expect(read.totals.grand!.eq(d(source.inclTaxesPrice))).to.equal(true);
    expectStoredTotals(read, credit);
    expect(read.terms.dueDate).to.equal(undefined);
    expect(read.terms.description).to.equal('Avoir sur la facture n° F0000042 : à déduire de vos prochains règlements ou remboursé.');
    expect(read.notes[0]).to.deep.equal({ content: 'Avoir : Avoir sur la facture n° F0000042 du 02/04/2026.', subject: 'AAI' });
  });

  it('écrit un avoir partiel (une ligne), compensé en partie (BT-113, BT-115 positifs)', () => {
    const source = storedInvoice({ items: FOUR_RATES });
    const partial = creditNoteOf(source, [source.items[1].uuid]);
    // a compensation of −50 recorded on the credit note
    const settled = { ...partial, paidAmount: -50, unpaidAmount: new Decimal(partial.inclTaxesPrice).plus(50).toNumber() };
    const read = xmlOf('avoir-partiel', settled, SOURCE);
    expect(read.typeCode).to.equal('381');
    expect(read.lines).to.have.length(1);
    expect(read.lines[0].name).to.equal('Repas traiteur');
    expect([read.totals.grand!.toFixed(2), read.totals.paid!.toFixed(2), read.totals.due!.toFixed(2)]).to.deep.equal(['90.93', '50.00', '40.93']);
    expectStoredTotals(read, settled);
  });

  it('écrit une facture corrective en 384 avec la facture corrigée (BR-FR-CO-04) et le message d’en-tête', () => {
    const corrective = storedInvoice({
      items: FOUR_RATES, sourceInvoice: 'aaaaaaaaaaaaaaaaaaaaaaaa', numberFull: 'F0000044',
      headerTitle: 'Facture corrective', headerMessage: 'Cette facture annule et remplace la facture n° F0000042 du 02/04/2026.',
    });
    const read = xmlOf('corrective', corrective, SOURCE);
    expect(read.typeCode).to.equal('384');
    expect(read.preceding).to.deep.equal([{ number: 'F0000042', date: '20260402' }]);
    expect(read.notes[0]).to.deep.equal({ content: 'Facture corrective : Cette facture annule et remplace la facture n° F0000042 du 02/04/2026.', subject: 'AAI' });
    expectStoredTotals(read, corrective);
  });

  it('une entreprise non assujettie (franchise) : catégorie E à 0 %, motif et code VATEX-FR-FRANCHISE, mention TXD, SIREN en identifiant fiscal', () => {
    const sender = { ...SENDER, vatNumber: undefined, status: 'EI', capital: undefined };
    const invoice = storedInvoice({ items: FOUR_RATES, subjectToVAT: false, sender });
    const read = xmlOf('franchise', invoice);
    expect(read.taxes).to.have.length(1);
    expect(read.taxes[0]).to.deep.include({ category: 'E', exemptionReason: 'TVA non applicable, art. 293 B du CGI', exemptionCode: 'VATEX-FR-FRANCHISE' });
    expect(read.taxes[0].tax!.isZero() && read.taxes[0].rate!.isZero()).to.equal(true);
    expect(read.lines.every((l) => l.category === 'E' && l.rate!.isZero())).to.equal(true);
    expect(read.notes.filter((n) => n.subject === 'TXD').map((n) => n.content)).to.deep.equal(['TVA non applicable, art. 293 B du CGI.']);
    expect(read.seller.vat).to.equal(undefined);
    expect(read.seller.fiscal).to.equal('123456789');
    expect(read.totals.tax!.isZero() && read.totals.grand!.eq(read.totals.taxBasis!)).to.equal(true);
    expectStoredTotals(read, invoice);
  });

  it('un client professionnel (société, contact, TVA) et un particulier : nom, contact et mentions de retard adaptés', () => {
    const company = xmlOf('client-societe', storedInvoice({ items: FOUR_RATES, receiver: COMPANY_BUYER }), { buyer: { email: 'compta@cafeduport.fr', siret: '30326504500019' } });
    expect(company.buyer).to.deep.include({ name: 'Café du Port SAS', contactPerson: 'Mme Anne Lefèvre', vat: 'FR40303265045', siren: '303265045', siret: '30326504500019', endpoint: '303265045', endpointScheme: '0225', country: 'FR' });
    // without a SIREN, the e-mail is the address (scheme EM): BT-49 is there whenever something is known (BR-FR-12)
    const noSiren = xmlOf('client-sans-siren', storedInvoice({ items: FOUR_RATES, receiver: { ...COMPANY_BUYER, vatNumber: undefined } }), { buyer: { email: 'compta@cafeduport.fr' } });
    expect(noSiren.buyer).to.deep.include({ siren: undefined, endpoint: 'compta@cafeduport.fr', endpointScheme: 'EM' });
    expect(company.notes.find((n) => n.subject === 'PMT')!.content).to.contain('indemnité forfaitaire pour frais de recouvrement de 40\u00a0€');
    expect(company.notes.find((n) => n.subject === 'PMD')!.content).to.contain('L441-10');

    const person = xmlOf('client-particulier', storedInvoice({ items: FOUR_RATES, receiver: PERSON_BUYER }));
    expect(person.buyer).to.deep.include({ name: 'Jean Dupont', contactPerson: undefined, vat: undefined, siren: undefined, city: 'Lyon' });
    expect(person.notes.find((n) => n.subject === 'PMT')!.content).to.equal('Indemnité forfaitaire pour frais de recouvrement : sans objet (client non professionnel).');
    expect(person.notes.find((n) => n.subject === 'PMD')!.content).to.contain('taux légal');
  });

  it('paiements partiels : BT-113 payé, BT-115 reste dû ; moyen de paiement du dernier règlement, ou virement avec l’IBAN', () => {
    const invoice = storedInvoice({ items: FOUR_RATES, payments: [100, 50.5] });
    const payments = [
      { mode: 'cash', amount: 100, date: '2026-04-03T10:00:00.000Z' },
      { mode: 'cb', amount: 50.5, date: '2026-04-05T10:00:00.000Z' },
    ];
    const read = xmlOf('paiement-partiel', invoice, { payments });
    expect(read.totals.paid!.toFixed(2)).to.equal('150.50');
    expect(read.totals.due!.eq(d(invoice.inclTaxesPrice).minus(150.5))).to.equal(true);
    expect(read.paymentMeans).to.deep.equal({ code: '48', information: 'Carte bancaire', iban: undefined });

    const transfer = xmlOf('virement-sans-iban', invoice, { payments: [{ mode: 'transfer', amount: 10, date: '2026-04-06T10:00:00.000Z' }] });
    expect(transfer.paymentMeans!.code).to.equal('42');
    const iban = xmlOf('virement-iban', invoice, { seller: { iban: 'FR76 3000 6000 0112 3456 7890 189', bic: 'AGRIFRPP' }, payments });
    expect(iban.paymentMeans).to.deep.equal({ code: '30', information: 'Virement', iban: 'FR7630006000011234567890189' });
    expect(xmlOf('sans-paiement', storedInvoice({ items: FOUR_RATES })).paymentMeans).to.equal(undefined);
  });

  it('échappe les caractères spéciaux (& < > " \' é € emoji) et retire ceux que XML 1.0 interdit', () => {
    const odd = 'Café « spécial » & <b>gras</b> "guillemets" l’apostrophe \'simple\' 20 € 🥐🇫🇷';
    const invoice = storedInvoice({
      items: [{ labelPrimary: odd, labelSecondary: 'ligne 1\nligne 2 \u0001\u0008 fin', reference: 'RÉF<1>&2', vat: 20, exclTaxesPrice: 10 }],
      receiver: { ...COMPANY_BUYER, company: 'Dupont & Fils <SARL>' },
      extra: { comment: 'Merci ! 😀 & à bientôt' },
    });
    const xml = buildFacturXXml(invoice);
    expect(xml).to.contain('&amp; &lt;b&gt;gras&lt;/b&gt;');
    expect(xml).to.not.contain('\u0001');
    const read = xmlOf('caracteres', invoice);
    expect(read.lines[0].name).to.equal(odd);
    expect(read.lines[0].description).to.equal('ligne 1\nligne 2  fin');
    expect(read.lines[0].sellerId).to.equal('RÉF<1>&2');
    expect(read.buyer.name).to.equal('Dupont & Fils <SARL>');
    expect(read.notes.some((n) => n.content === 'Merci ! 😀 & à bientôt')).to.equal(true);
  });

  it('une remise saisie en ligne à prix négatif : prix net positif, quantité négative (BR-27) ; un taux 0 % est « Z »', () => {
    const invoice = storedInvoice({
      items: [
        { labelPrimary: 'Gâteau', quantity: 2, vat: 5.5, inclTaxesPrice: 25 },
        { labelPrimary: 'Remise fidélité', quantity: 1, vat: 5.5, inclTaxesPrice: -5 },
        { labelPrimary: 'Livre', quantity: 1, vat: 0, exclTaxesPrice: 15 },
      ],
    });
    const read = xmlOf('remise-taux-zero', invoice);
    expect(read.lines[1]).to.deep.include({ name: 'Remise fidélité', category: 'S' });
    expect([read.lines[1].price!.toFixed(2), read.lines[1].quantity!.toFixed(2), read.lines[1].net!.toFixed(2)]).to.deep.equal(['4.74', '-1.00', '-4.74']);
    expect(read.lines[2]).to.deep.include({ category: 'Z' });
    expect(read.taxes.map((x) => x.category)).to.deep.equal(['Z', 'S']);
    expectStoredTotals(read, invoice);
  });

  it('BT-23 : B1 pour des biens, S1 pour des services, M1 pour les deux ou si déclaré « mixte »', () => {
    const good = { labelPrimary: 'Pain', vat: 5.5, inclTaxesPrice: 2, type: 'good' };
    const service = { labelPrimary: 'Livraison', vat: 20, exclTaxesPrice: 5, type: 'service' };
    expect(xmlOf('biens', storedInvoice({ items: [good] })).businessProcess).to.equal('B1');
    expect(xmlOf('services', storedInvoice({ items: [service] })).businessProcess).to.equal('S1');
    expect(xmlOf('mixte', storedInvoice({ items: [good, service] })).businessProcess).to.equal('M1');
    expect(xmlOf('declare', storedInvoice({ items: [good], extra: { itemsTypeForDeclaration: 'service' } })).businessProcess).to.equal('S1');
  });

  it('date d’émission et échéance au jour de Paris (31 décembre 23 h 30 UTC est le 1er janvier)', () => {
    const read = xmlOf('paris', storedInvoice({ items: FOUR_RATES, date: '2026-12-31T23:30:00.000Z' }));
    expect(read.issueDate).to.equal('20270101');
    expect(read.terms.dueDate).to.equal('20270131');
  });

  it('dit en français ce qui manque (409) : SIREN, TVA, adresse et pays du client, libellé, facture d’origine', () => {
    const incomplete = storedInvoice({
      items: [{ labelPrimary: '  ', vat: 20, exclTaxesPrice: 10 }],
      sender: { ...SENDER, siren: undefined, siret: '123', vatNumber: '12345' },
      receiver: { company: 'Client sans adresse', invoicingAddress: { address: '1 rue', zipCode: '29000', city: 'Quimper', country: 'Bretagne', delivery: true, invoicing: true } },
      sourceInvoice: 'aaaaaaaaaaaaaaaaaaaaaaaa', headerTitle: 'Facture corrective',
    });
    const missing = facturXMissingFields(incomplete);
    expect(missing.map((m) => m.field)).to.deep.equal([
      'fk.sourceInvoice', 'items[0].labelPrimary', 'sender.siren', 'sender.vatNumber', 'receiver.invoicingAddress.country',
    ]);
    try {
      buildFacturX(incomplete);
      expect.fail('409 attendu');
    } catch (e) {
      expect(isHttpError(e) && e.status).to.equal(409);
      const err = e as { message: string; details: { field: string; message: string }[] };
      expect(err.message).to.equal('Impossible de produire la facture électronique Factur-X (EN 16931) : il manque le numéro et la date de la facture d’origine, '
        + 'le libellé de la ligne 1, le SIREN de l’entreprise (9 chiffres), le numéro de TVA intracommunautaire de l’entreprise (code pays puis numéro, par ex. FR12345678901), '
        + 'le pays du client (« Bretagne » n’est pas un pays reconnu).');
      expect(err.details[0]).to.deep.equal({ field: 'fk.sourceInvoice', message: 'le numéro et la date de la facture d’origine' });
    }
    const noAddress = storedInvoice({ items: FOUR_RATES, receiver: { name: 'Martin' } });
    expect(facturXMissingFields(noAddress).map((m) => m.label)).to.deep.equal(['l’adresse de facturation du client (rue, code postal, ville)']);
    const noName = storedInvoice({ items: FOUR_RATES, receiver: { invoicingAddress: PERSON_BUYER.invoicingAddress } });
    expect(facturXMissingFields(noName).map((m) => m.label)).to.deep.equal(['le nom du client']);
  });

  it('refuse de produire un XML dont les montants enregistrés ne s’additionnent pas (ligne modifiée hors de l’application)', () => {
    const tampered = { ...storedInvoice({ items: FOUR_RATES }), inclTaxesPrice: 1 };
    expect(() => buildFacturXXml(tampered)).to.throw('Montants incohérents sur la facture F0000042 : BR-CO-15, BR-CO-16.');
  });

  it('les vérifications elles-mêmes échouent sur un XML faussé (somme, ordre des éléments)', () => {
    const baguettes = [1, 2, 3].map((i) => ({ labelPrimary: `Baguette ${i}`, reference: `B${i}`, vat: 5.5, inclTaxesPrice: 1.1 }));
    const xml = buildFacturXXml(storedInvoice({ items: baguettes }));
    const wrongLine = xml.replace('<ram:LineTotalAmount>1.04</ram:LineTotalAmount>', '<ram:LineTotalAmount>1.05</ram:LineTotalAmount>');
    expect(ciiViolations(readCii(wrongLine))).to.include.members(['BR-CO-10 (Σ lignes 3.13 ≠ 3.12)', 'BR-S-08 (S 5.5 : 3.13 ≠ 3.14)']);
    const noCharge = xml.replace(/<ram:SpecifiedTradeAllowanceCharge>[\s\S]*<\/ram:SpecifiedTradeAllowanceCharge>\s*/, '');
    expect(ciiViolations(readCii(noCharge))).to.include.members(['BR-CO-12', 'BR-S-08 (S 5.5 : 3.13 ≠ 3.12)']);
    const reordered = xml.replace(/(<ram:SellerAssignedID>B1<\/ram:SellerAssignedID>)(\s*)(<ram:Name>Baguette 1<\/ram:Name>)/, '$3$2$1');
    expect(reordered).to.not.equal(xml);
    const { valid } = validateEn16931({ juste: xml, desordre: reordered });
    expect(valid).to.deep.equal({ juste: true, desordre: false });
  });

  it('300 factures et leurs avoirs tirés au hasard (graine fixe), par les deux méthodes : XSD, règles, totaux enregistrés', () => {
    const rand = seeded(20261122);
    const batch: Record<string, string> = {};
    for (let i = 0; i < 150; i++) {
      for (const method of ['rounded-total', 'rounded-lines'] as const) {
        const items = randomLines(rand);
        const invoice = storedInvoice({ items, method, subjectToVAT: rand() > 0.15, numberFull: `F${String(i).padStart(7, '0')}` });
        // a negative total is a credit note: it names its invoice
        const context = invoice.inclTaxesPrice < 0 ? SOURCE : {};
        if (invoice.inclTaxesPrice < 0) invoice.fk = { ...invoice.fk, sourceInvoice: 'aaaaaaaaaaaaaaaaaaaaaaaa' };
        const read = xmlOf(`hasard-${i}-${method}`, invoice, context, batch);
        expectStoredTotals(read, invoice);
        expect(maxVatDeviation(read).lte(0.02), `facture ${i} ${method} : écart ${maxVatDeviation(read)}`).to.equal(true);
        if (invoice.inclTaxesPrice > 0 && i % 5 === 0) {
          const credit = creditNoteOf(invoice, undefined, `A${String(i).padStart(7, '0')}`);
          expectStoredTotals(xmlOf(`hasard-avoir-${i}-${method}`, credit, SOURCE, batch), credit);
        }
      }
    }
    expect(Object.keys(batch).length).to.be.greaterThan(300);
    expectXsdValid(batch);
  });
});
