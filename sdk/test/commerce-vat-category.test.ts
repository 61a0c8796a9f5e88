/**
 * The VAT category of a line of a sale (commerce README « VAT categories »): the automatic rule over
 * seller, buyer and line, the territories, the reasons, the checks, and the engine that groups the
 * VAT details by category and rate.
 */
import { expect } from 'chai';
import {
  automaticVatCategory, computeDocument, legacyVatCategory, lineVatCategory, vatCategoryEmissionProblems,
  vatCategoryInputProblems, vatTerritory, type VatSaleContext,
} from '../src/commerce/index.ts';

const PARIS = { country: 'FR', zipCode: '75002' };
const buyer = (country: string, extra: Partial<NonNullable<VatSaleContext['buyer']>> = {}) =>
  ({ country, zipCode: '10115', vatNumber: null, professional: true, ...extra });

describe('commerce — automatic VAT category (commerce README « VAT categories »)', () => {
  type Case = [string, VatSaleContext, { type: string; vat: number }, string, string | undefined, string | undefined];
  const cases: Case[] = [
    ['franchise en base: E, whatever the buyer and the line',
      { subjectToVAT: false, seller: PARIS, buyer: buyer('DE', { vatNumber: 'DE123456789' }) }, { type: 'good', vat: 20 },
      'E', 'VATEX-FR-FRANCHISE', 'TVA non applicable, art. 293 B du CGI'],
    ['a French professional, 20 %: S',
      { subjectToVAT: true, seller: PARIS, buyer: buyer('FR', { zipCode: '69002', vatNumber: 'FR40303265045' }) }, { type: 'good', vat: 20 }, 'S', undefined, undefined],
    ['a French private customer, 5,5 %: S',
      { subjectToVAT: true, seller: PARIS, buyer: buyer('FR', { zipCode: '69002', professional: false }) }, { type: 'service', vat: 5.5 }, 'S', undefined, undefined],
    ['a French customer, 0 %: E, the reason is the user’s to choose (France has no zero rate)',
      { subjectToVAT: true, seller: PARIS, buyer: buyer('FR', { zipCode: '69002' }) }, { type: 'service', vat: 0 }, 'E', undefined, undefined],
    ['no customer yet: taken as French',
      { subjectToVAT: true, seller: PARIS, buyer: null }, { type: 'good', vat: 10 }, 'S', undefined, undefined],
    ['Monaco is France for VAT',
      { subjectToVAT: true, seller: PARIS, buyer: buyer('MC', { zipCode: '98000', vatNumber: 'FR00123456789' }) }, { type: 'good', vat: 20 }, 'S', undefined, undefined],
    ['EU professional with a VAT number, goods: K (art. 262 ter I)',
      { subjectToVAT: true, seller: PARIS, buyer: buyer('DE', { vatNumber: 'DE 123 456 789' }) }, { type: 'good', vat: 20 },
      'K', 'VATEX-EU-IC', 'Exonération de TVA, art. 262 ter I du CGI'],
    ['EU professional with a VAT number, services: AE (autoliquidation)',
      { subjectToVAT: true, seller: PARIS, buyer: buyer('DE', { vatNumber: 'DE123456789' }) }, { type: 'service', vat: 20 },
      'AE', 'VATEX-EU-AE', 'Autoliquidation : TVA due par le preneur, art. 196 de la directive 2006/112/CE'],
    ['a Greek professional (EL prefix): K',
      { subjectToVAT: true, seller: PARIS, buyer: buyer('GR', { vatNumber: 'EL123456789' }) }, { type: 'good', vat: 20 }, 'K', 'VATEX-EU-IC', undefined],
    ['EU professional without a VAT number: S (French VAT)',
      { subjectToVAT: true, seller: PARIS, buyer: buyer('DE') }, { type: 'good', vat: 20 }, 'S', undefined, undefined],
    ['EU professional with a French VAT number: S (not identified in another member state)',
      { subjectToVAT: true, seller: PARIS, buyer: buyer('BE', { vatNumber: 'FR40303265045' }) }, { type: 'service', vat: 20 }, 'S', undefined, undefined],
    ['EU private customer (flag false despite a VAT number): S, distance selling thresholds not handled',
      { subjectToVAT: true, seller: PARIS, buyer: buyer('IT', { vatNumber: 'IT12345678901', professional: false }) }, { type: 'good', vat: 20 }, 'S', undefined, undefined],
    ['outside the EU, goods: G (export, art. 262 I)',
      { subjectToVAT: true, seller: PARIS, buyer: buyer('US', { professional: false }) }, { type: 'good', vat: 20 },
      'G', 'VATEX-EU-G', 'Exonération de TVA, art. 262 I du CGI'],
    ['outside the EU, services to a professional: O (art. 259-1)',
      { subjectToVAT: true, seller: PARIS, buyer: buyer('CH') }, { type: 'service', vat: 20 },
      'O', 'VATEX-EU-O', 'TVA non applicable, art. 259-1 du CGI'],
    ['outside the EU, services to a private customer: S',
      { subjectToVAT: true, seller: PARIS, buyer: buyer('GB', { professional: false }) }, { type: 'service', vat: 20 }, 'S', undefined, undefined],
    ['the Canary Islands are outside the EU’s VAT: G, never L',
      { subjectToVAT: true, seller: PARIS, buyer: buyer('ES', { zipCode: '35001', vatNumber: 'ESB12345678' }) }, { type: 'good', vat: 20 }, 'G', 'VATEX-EU-G', undefined],
    ['metropolitan France to Réunion, goods: G (art. 294-2)',
      { subjectToVAT: true, seller: PARIS, buyer: buyer('FR', { zipCode: '97400', vatNumber: 'FR40303265045' }) }, { type: 'good', vat: 20 },
      'G', 'VATEX-EU-G', 'Exonération de TVA, art. 294-2 du CGI'],
    ['a Réunion seller to a Réunion customer: S at the DOM rate',
      { subjectToVAT: true, seller: { country: 'FR', zipCode: '97400' }, buyer: buyer('Réunion', { country: 'RE', zipCode: '97410' }) }, { type: 'good', vat: 8.5 }, 'S', undefined, undefined],
    ['a Guyane seller: O, VAT does not apply there (art. 294-1)',
      { subjectToVAT: true, seller: { country: 'GF', zipCode: '97300' }, buyer: buyer('GF', { zipCode: '97300' }) }, { type: 'service', vat: 0 },
      'O', 'VATEX-EU-O', 'TVA non applicable, art. 294-1 du CGI'],
  ];
  for (const [name, ctx, line, category, code, text] of cases) {
    it(name, () => {
      const choice = automaticVatCategory(ctx, line);
      expect(choice.vatCategory).to.equal(category);
      expect(choice.vatExemptionReason?.code).to.equal(code);
      if (text !== undefined) expect(choice.vatExemptionReason?.text).to.equal(text);
    });
  }

  it('territories: postal codes of the overseas departments, collectivities and Spain’s excluded territories', () => {
    expect(vatTerritory('FR', '97110')).to.equal('GP');
    expect(vatTerritory('FR', '972 00')).to.equal('MQ');
    expect(vatTerritory('FR', '97600')).to.equal('YT');
    expect(vatTerritory('FR', '97133')).to.equal('OUT');
    expect(vatTerritory('FR', '20000')).to.equal('FR');
    expect(vatTerritory(null, '')).to.equal('FR');
    expect(vatTerritory('ES', '28001')).to.equal('EU');
    expect(vatTerritory('ES', '51001')).to.equal('OUT');
    expect(vatTerritory('NO')).to.equal('OUT');
  });

  it('a category chosen by hand wins; its reason is the one given, else the usual one of the category', () => {
    const ctx: VatSaleContext = { subjectToVAT: true, seller: PARIS, buyer: buyer('FR', { zipCode: '69002' }) };
    expect(lineVatCategory(ctx, { vat: 0, vatCategory: 'E', vatExemptionReason: { code: 'VATEX-FR-CGI261-4' } })).to.deep.equal({
      vatCategory: 'E', vatExemptionReason: { code: 'VATEX-FR-CGI261-4', text: 'Exonération de TVA, art. 261-4 du CGI' },
    });
    expect(lineVatCategory(ctx, { vat: 0, vatCategory: 'E', vatExemptionReason: { text: ' Exonéré, art. 261 D du CGI ' } }))
      .to.deep.equal({ vatCategory: 'E', vatExemptionReason: { text: 'Exonéré, art. 261 D du CGI' } });
    expect(lineVatCategory(ctx, { vat: 0, vatCategory: 'O' }).vatExemptionReason).to.deep.equal({ code: 'VATEX-EU-O', text: 'Opération hors du champ d’application de la TVA' });
    expect(lineVatCategory(ctx, { vat: 0, vatCategory: 'AE' }).vatExemptionReason?.code).to.equal('VATEX-FR-AE');
    expect(lineVatCategory(ctx, { vat: 20, vatCategory: 'S', vatExemptionReason: { code: 'VATEX-EU-G' } })).to.deep.equal({ vatCategory: 'S' });
    // a domestic exemption chosen by hand without reason stays without: the emission asks for it
    expect(lineVatCategory(ctx, { vat: 0, vatCategory: 'E' })).to.deep.equal({ vatCategory: 'E' });
  });

  it('documents of before issue 13 are read as their e-invoice was written: S, Z, or E with the franchise', () => {
    expect(legacyVatCategory(true, 20)).to.deep.equal({ vatCategory: 'S' });
    expect(legacyVatCategory(true, 0)).to.deep.equal({ vatCategory: 'Z' });
    expect(legacyVatCategory(false, 20).vatExemptionReason?.code).to.equal('VATEX-FR-FRANCHISE');
  });
});

describe('commerce — VAT category checks (commerce README « VAT categories », Checks)', () => {
  it('input: a company not subject to VAT only has E; S, Z, L and M carry no reason', () => {
    const problems = vatCategoryInputProblems([
      { vatCategory: 'K' }, { vatCategory: 'E' }, { vatCategory: null },
    ], { subjectToVAT: false });
    expect(problems).to.have.length(1);
    expect(problems[0].field).to.equal('items.0.vatCategory');
    expect(problems[0].message).to.match(/^Ligne 1 : une entreprise non assujettie à la TVA \(franchise en base, art\. 293 B du CGI\) ne facture qu’en catégorie E, pas en K \(livraison intracommunautaire\)$/);
    const reasons = vatCategoryInputProblems([{ vatCategory: 'S', vatExemptionReason: { text: 'x' } }, { vatCategory: 'AE', vatExemptionReason: { text: 'x' } }], { subjectToVAT: true });
    expect(reasons.map((p) => p.field)).to.deep.equal(['items.0.vatExemptionReason']);
  });

  it('emission: K and AE name the buyer’s missing VAT number; K wants one of another member state', () => {
    const k = [{ vat: 0, vatCategory: 'K' as const, vatExemptionReason: { text: 'x' } }];
    const missing = vatCategoryEmissionProblems(k, { buyerVatNumber: '', creditNote: false });
    expect(missing).to.deep.equal([{
      field: 'receiver.vatNumber',
      message: 'il manque le numéro de TVA intracommunautaire du client (code pays puis numéro), obligatoire en catégorie K (livraison intracommunautaire)',
    }]);
    expect(vatCategoryEmissionProblems(k, { buyerVatNumber: 'FR40303265045', creditNote: false })[0].message).to.include('autre État membre');
    expect(vatCategoryEmissionProblems(k, { buyerVatNumber: 'DE123456789', creditNote: false })).to.deep.equal([]);
    const ae = [{ vat: 0, vatCategory: 'AE' as const, vatExemptionReason: { text: 'Autoliquidation' } }];
    expect(vatCategoryEmissionProblems(ae, { buyerVatNumber: 'FR40303265045', creditNote: false })).to.deep.equal([]);
    expect(vatCategoryEmissionProblems(ae, { creditNote: false })[0].message).to.include('catégorie AE (autoliquidation)');
  });

  it('emission: reasons, rates of S, no Z on an invoice, O alone', () => {
    const fields = (lines: Parameters<typeof vatCategoryEmissionProblems>[0], creditNote = false) =>
      vatCategoryEmissionProblems(lines, { buyerVatNumber: 'DE123456789', creditNote }).map((p) => p.field);
    expect(fields([{ vat: 0, vatCategory: 'E' }])).to.deep.equal(['items.0.vatExemptionReason']);
    expect(fields([{ vat: 0, vatCategory: 'S' }])).to.deep.equal(['items.0.vat']);
    expect(fields([{ vat: 0, vatCategory: 'Z' }])).to.deep.equal(['items.0.vatCategory']);
    expect(fields([{ vat: 0, vatCategory: 'Z' }], true)).to.deep.equal([]);
    expect(fields([{ vat: 0, vatCategory: 'O', vatExemptionReason: { text: 'x' } }, { vat: 0, vatCategory: 'G', vatExemptionReason: { text: 'y' } }])).to.deep.equal(['items']);
    expect(fields([{ vat: 20, vatCategory: 'S' }, { vat: 0, vatCategory: 'K', vatExemptionReason: { text: 'x' } }])).to.deep.equal([]);
  });
});

describe('commerce — the engine with VAT categories (commerce README « VAT categories »)', () => {
  const vatSale = { seller: PARIS, buyer: buyer('DE', { vatNumber: 'DE123456789' }) };

  it('a mixed document to an EU professional: K for goods, AE for services, rates 0, details per category', () => {
    const r = computeDocument({
      subjectToVAT: true, vatSale,
      items: [
        { labelPrimary: 'Farine', type: 'good', quantity: 10, vat: 5.5, exclTaxesPrice: 2 },
        { labelPrimary: 'Formation', type: 'service', quantity: 1, vat: 20, exclTaxesPrice: 300 },
        { labelPrimary: 'Frais', type: 'service', quantity: 1, vat: 20, exclTaxesPrice: 10, vatCategory: 'S' },
      ],
    });
    expect(r.items.map((l) => [l.vatCategory, l.vat, l.exclTaxesPrice, l.inclTaxesPrice])).to.deep.equal([
      ['K', 0, 2, 2], ['AE', 0, 300, 300], ['S', 20, 10, 12],
    ]);
    expect(r.vatDetails).to.deep.equal([
      { vat: 0, totalExclTaxes: 300, totalInclTaxes: 300, amount: 0, vatCategory: 'AE',
        vatExemptionReason: { code: 'VATEX-EU-AE', text: 'Autoliquidation : TVA due par le preneur, art. 196 de la directive 2006/112/CE' } },
      { vat: 0, totalExclTaxes: 20, totalInclTaxes: 20, amount: 0, vatCategory: 'K',
        vatExemptionReason: { code: 'VATEX-EU-IC', text: 'Exonération de TVA, art. 262 ter I du CGI' } },
      { vat: 20, totalExclTaxes: 10, totalInclTaxes: 12, amount: 2, vatCategory: 'S' },
    ]);
    expect([r.exclTaxesPrice, r.vatAmount, r.inclTaxesPrice]).to.deep.equal([330, 2, 332]);
  });

  it('lines of one category with different reasons share one detail: texts joined, no code', () => {
    const r = computeDocument({
      subjectToVAT: true, vatSale: { seller: PARIS, buyer: null }, vatCalculationMethod: 'rounded-lines',
      items: [
        { labelPrimary: 'Soin', vat: 0, exclTaxesPrice: 50, vatCategory: 'E', vatExemptionReason: { code: 'VATEX-FR-CGI261-4' } },
        { labelPrimary: 'Débours', vat: 0, exclTaxesPrice: 12.5, vatCategory: 'E', vatExemptionReason: { code: 'VATEX-EU-79-C' } },
      ],
    });
    expect(r.vatDetails).to.deep.equal([{
      vat: 0, totalExclTaxes: 62.5, totalInclTaxes: 62.5, amount: 0, vatCategory: 'E',
      vatExemptionReason: { text: 'Exonération de TVA, art. 261-4 du CGI ; Débours, hors de la base d’imposition (art. 267 II-2° du CGI)' },
    }]);
  });

  it('not subject to VAT: every line E with the franchise, rates kept, no details (as before)', () => {
    const r = computeDocument({ subjectToVAT: false, vatSale, items: [{ labelPrimary: 'Pain', vat: 5.5, exclTaxesPrice: 2, type: 'good' }] });
    expect(r.items[0]).to.include({ vatCategory: 'E', vat: 5.5 });
    expect(r.items[0].vatExemptionReason?.code).to.equal('VATEX-FR-FRANCHISE');
    expect(r.vatDetails).to.deep.equal([]);
  });

  it('without a sale (a purchase) categories stay as given and lines without one group by rate alone', () => {
    const r = computeDocument({
      subjectToVAT: true,
      items: [{ labelPrimary: 'A', vat: 20, exclTaxesPrice: 10 }, { labelPrimary: 'B', vat: 20, exclTaxesPrice: 5, vatCategory: 'K', vatExemptionReason: { code: 'VATEX-EU-IC' } }],
    });
    expect(r.items.map((l) => [l.vatCategory, l.vat])).to.deep.equal([[undefined, 20], ['K', 20]]);
    expect(r.vatDetails.map((d) => [d.vatCategory, d.vat, d.totalExclTaxes])).to.deep.equal([[undefined, 20, 10], ['K', 20, 5]]);
    expect(r.items[1].vatExemptionReason).to.deep.equal({ code: 'VATEX-EU-IC', text: 'Exonération de TVA, art. 262 ter I du CGI' });
  });

  it('a price typed incl. taxes on a line that becomes K keeps its price excl. taxes', () => {
    const r = computeDocument({ subjectToVAT: true, vatSale, items: [{ labelPrimary: 'Pain', type: 'good', vat: 20, inclTaxesPrice: 12 }] });
    expect(r.items[0]).to.include({ vat: 0, exclTaxesPrice: 10, inclTaxesPrice: 10, vatCategory: 'K' });
  });
});
