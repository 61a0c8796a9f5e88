/**
 * The pure rules of the UI kit's commerce parts (`LinesEditor`, `PaymentDialog`, `StatusBadges`, the payments list),
 * shared by invoicing, purchases and the plugins to come: typing one unit price converts the other,
 * a new rate keeps the price typed last; the payment body; the chips a status map gives.
 */
import { expect } from 'chai';
import {
  emptyLine, lineFromCatalogue, lineFromStored, lineTotalExcl, toLineInput, vatOptions, vatValue, withExcl, withIncl, withVat,
} from '../src/ui/commerce/lineDraft.ts';
import { RECORDABLE_PAYMENT_MODE_OPTIONS, paymentRequestBody } from '../src/ui/commerce/payments.ts';
import { vatCategoryInput, withExemptionReason, withVatCategory } from '../src/ui/commerce/lineDraft.ts';
import {
  OWN_REASON, bearsNoVat, computedVatCategories, exemptionReasonOptions, exemptionReasonValue, reasonState, vatCategoryOptions, vatWordings,
} from '../src/ui/commerce/vatCategoryOptions.ts';
import { statusChips, statusStyles } from '../src/ui/commerce/statusBadges.ts';
import {
  cashAmount, paymentDirectionOptions, paymentsFiltersOfQuery, paymentsParamsOfQuery, paymentsQueryFromParams, paymentsSortOfQuery, shownDirections,
} from '../src/ui/commerce/paymentsList.ts';

describe('UI kit, commerce: line drafts', () => {
  it('converts excl. -> incl. and incl. -> excl. as the person types (commerce README « Rules », Prices: 2 decimals, half up)', () => {
    const line = { ...emptyLine(), vat: '5.5' };
    expect(withExcl(line, 2).inclTaxesPrice).to.equal(2.11);
    expect(withExcl(line, '2,5').inclTaxesPrice).to.equal(2.64);
    expect(withIncl({ ...line, vat: '20' }, 120).exclTaxesPrice).to.equal(100);
    // not a number yet: the other price is emptied, not guessed
    expect(withExcl(line, '').inclTaxesPrice).to.equal('');
    expect(withExcl(line, '-').inclTaxesPrice).to.equal('');
  });

  it('keeps the price typed last when the rate changes', () => {
    const byExcl = withVat(withExcl(emptyLine(), 100), '10');
    expect([byExcl.exclTaxesPrice, byExcl.inclTaxesPrice]).to.deep.equal([100, 110]);
    const byIncl = withVat(withIncl(emptyLine(), 120), '5.5');
    expect([byIncl.exclTaxesPrice, byIncl.inclTaxesPrice]).to.deep.equal([113.74, 120]);
  });

  it('reads stored rates as the select’s values', () => {
    expect(vatValue(5.5)).to.equal('5.5');
    expect(vatValue('20.00')).to.equal('20');
    expect(vatValue(null)).to.equal('20');
  });

  it('fills a line from a catalogue item, converting the missing price', () => {
    const line = lineFromCatalogue({ _id: 'a'.repeat(24), name: 'Baguette', vat: 5.5, inclTaxesPrice: 1.3, exclTaxesPrice: null, type: 'good' });
    expect(line).to.include({ labelPrimary: 'Baguette', vat: '5.5', type: 'good', inclTaxesPrice: 1.3, exclTaxesPrice: 1.23, itemId: 'a'.repeat(24) });
  });

  it('sends numbers, the uuid and no empty text', () => {
    const stored = lineFromStored({ uuid: 'u1', quantity: -2, vat: 20, labelPrimary: 'Atelier', exclTaxesPrice: 50, inclTaxesPrice: 60, type: 'service' });
    expect(toLineInput({ ...stored, quantity: '-2' })).to.deep.equal({
      uuid: 'u1', type: 'service', labelPrimary: 'Atelier', quantity: -2, vat: 20, exclTaxesPrice: 50, inclTaxesPrice: 60,
    });
    expect(toLineInput(emptyLine())).not.to.have.any.keys('exclTaxesPrice', 'inclTaxesPrice', 'labelSecondary', 'reference');
  });

  it('rounds the line total excl. taxes to the cent', () => {
    expect(lineTotalExcl({ quantity: 3, exclTaxesPrice: 0.335 })).to.equal(1.01);
    expect(lineTotalExcl({ quantity: '', exclTaxesPrice: 1 })).to.equal(null);
    // a purchase's price to the ten-thousandth
    expect(lineTotalExcl({ quantity: '3', exclTaxesPrice: '9,3333' })).to.equal(28);
  });

  it('makes a service line by default, a good when asked (purchases), each with its own uuid', () => {
    const a = emptyLine();
    const b = emptyLine('good');
    expect(a).to.include({ type: 'service', quantity: 1, vat: '20', exclTaxesPrice: '', priceFrom: 'excl' });
    expect(b.type).to.equal('good');
    expect(a.uuid).to.not.equal(b.uuid);
    // a stored line without uuid (an import) gets one: the editor keys its rows by it
    expect(lineFromStored({ labelPrimary: 'x', quantity: 1, vat: '5.50' })).to.include({ vat: '5.5', exclTaxesPrice: '', labelSecondary: '' })
      .and.to.have.property('uuid').that.is.a('string').with.length.above(10);
  });
});

describe('UI kit, commerce: VAT choices', () => {
  it('offers the French rates, and keeps a line’s other rate selectable', () => {
    expect(vatOptions('5.5').map((o) => o.label)).to.deep.equal(['20 %', '10 %', '5,5 %', '2,1 %', '0 %']);
    expect(vatOptions('8.5').at(-1)).to.deep.equal({ value: '8.5', label: '8,5 %' });
  });
});

describe('UI kit, commerce: payment dialog body', () => {
  const now = new Date('2026-11-27T09:30:00.000Z');

  it('refuses a zero or unreadable amount in French, before any request', () => {
    expect(paymentRequestBody({ mode: 'cb', amount: 0, day: '2026-11-20' }, now)).to.equal('Indiquez un montant différent de zéro.');
    expect(paymentRequestBody({ mode: 'cb', amount: '', day: '2026-11-20' }, now)).to.equal('Indiquez un montant différent de zéro.');
    expect(paymentRequestBody({ mode: 'cb', amount: '-', day: '2026-11-20' }, now)).to.equal('Indiquez un montant différent de zéro.');
  });

  it('sends a number, another day at noon, and the overpayment confirmation only when given', () => {
    expect(paymentRequestBody({ mode: 'transfer', amount: '-12,5', day: '2026-11-20' }, now))
      .to.deep.equal({ mode: 'transfer', amount: -12.5, date: '2026-11-20T12:00:00.000Z' });
    expect(paymentRequestBody({ mode: 'cb', amount: 10, day: '2026-11-20', confirmOverpayment: true }, now))
      .to.deep.equal({ mode: 'cb', amount: 10, date: '2026-11-20T12:00:00.000Z', confirmOverpayment: true });
  });

  it('sends today as the current instant', async () => {
    const { today } = await import('../src/react/days.ts');
    const body = paymentRequestBody({ mode: 'cb', amount: 1, day: today() }, now);
    expect(body).to.have.property('date', now.toISOString());
  });

  it('never offers the server’s credit-note compensation', () => {
    const modes = RECORDABLE_PAYMENT_MODE_OPTIONS.map((o) => o.value);
    expect(modes).to.include.members(['cb', 'transfer', 'cash']);
    expect(modes).to.not.include('credit-compensation');
    expect(RECORDABLE_PAYMENT_MODE_OPTIONS.find((o) => o.value === 'transfer')?.label).to.equal('Virement');
  });
});

describe('UI kit, commerce: status chips', () => {
  const styles = statusStyles({ emitted: 'À payer', paid: 'Payé' }, { emitted: 'orange', paid: 'teal' });

  it('puts « Avoir » first, then the status in the plugin’s words, then its flags', () => {
    expect(statusChips('paid', styles, { creditNote: true, flags: [false, { label: 'Expiré', color: 'orange' }] }).map((c) => [c.label, c.color, c.variant, c.status]))
      .to.deep.equal([['Avoir', 'grape', 'outline', false], ['Payé', 'teal', 'light', true], ['Expiré', 'orange', 'outline', false]]);
    expect(statusChips('emitted', styles).map((c) => c.label)).to.deep.equal(['À payer']);
  });

  it('never shows a status code the map does not know', () => {
    const chips = statusChips('archived' as 'paid', styles);
    expect(chips).to.have.length(1);
    expect(chips[0]).to.include({ label: 'Statut inconnu', color: 'gray' });
  });
});

describe('UI kit, commerce: payments list (invoicing « Paiements », purchases « Paiements fournisseurs »)', () => {
  const documents = { achat: 'purchase', 'achat-en-ligne': 'external-purchase' };
  const day = (suffix: string) => (d: string) => `${d}${suffix}`;

  it('reads the filters of the address and leaves out what it does not know', () => {
    const q = paymentsQueryFromParams(new URLSearchParams('sens=decaissement&mode=transfer&document=achat&du=2026-01-01&au=2026-01-31&page=3&tri=date'), documents);
    expect(q).to.deep.equal({ sens: 'decaissement', mode: 'transfer', document: 'achat', du: '2026-01-01', au: '2026-01-31', tri: 'date', page: 3 });
    expect(paymentsQueryFromParams(new URLSearchParams('sens=nimporte&mode=troc&document=x&du=hier&page=-2&tri=montant'), documents))
      .to.deep.equal({ sens: '', mode: '', document: '', du: '', au: '', tri: '', page: 1 });
    // an inherited key is no word of the address; a list without documents takes none
    expect(paymentsQueryFromParams(new URLSearchParams('sens=toString&document=constructor'), documents)).to.include({ sens: '', document: '' });
    expect(paymentsQueryFromParams(new URLSearchParams('document=achat')).document).to.equal('');
  });

  it('writes the address back without empty values nor page 1', () => {
    const q = paymentsQueryFromParams(new URLSearchParams('sens=encaissement'));
    expect(paymentsParamsOfQuery(q)).to.deep.equal({ sens: 'encaissement' });
    expect(paymentsParamsOfQuery({ ...q, page: 2, tri: 'date' })).to.deep.equal({ sens: 'encaissement', tri: 'date', page: '2' });
  });

  it('sends filters on the server’s columns (direction, mode, source, period), newest first unless asked', () => {
    const q = paymentsQueryFromParams(new URLSearchParams('sens=decaissement&mode=check&document=achat-en-ligne&du=2026-02-01'), documents);
    expect(paymentsFiltersOfQuery(q, day('T00'), day('T24'), documents)).to.deep.equal({
      direction: { mode: 'eq', value: 'out' },
      mode: { mode: 'eq', value: 'check' },
      source: { mode: 'eq', value: 'external-purchase' },
      date: { mode: 'between', valueIsDate: true, startDate: '2026-02-01T00' },
    });
    expect(paymentsFiltersOfQuery({ ...q, sens: 'compensation', mode: '', document: '', du: '', au: '2026-02-28' }, day('T00'), day('T24')))
      .to.deep.equal({ direction: { mode: 'eq', value: 'none' }, date: { mode: 'between', valueIsDate: true, endDate: '2026-02-28T24' } });
    expect(paymentsFiltersOfQuery(paymentsQueryFromParams(new URLSearchParams()), day(''), day(''))).to.deep.equal({});
    expect(paymentsSortOfQuery(q)).to.deep.equal({ field: 'date', ascending: false });
    expect(paymentsSortOfQuery({ ...q, tri: 'date' })).to.deep.equal({ field: 'date', ascending: true });
  });

  it('names the directions in the plugin’s order, with its hints, the address’s words as values', () => {
    expect(paymentDirectionOptions(['in', 'out', 'none']).map((o) => o.label)).to.deep.equal(['Tous les sens', 'Encaissements', 'Décaissements', 'Compensations']);
    expect(paymentDirectionOptions(['out', 'in'], { out: 'paiements' })).to.deep.equal([
      { value: '', label: 'Tous les sens' },
      { value: 'decaissement', label: 'Décaissements (paiements)' },
      { value: 'encaissement', label: 'Encaissements' },
    ]);
  });

  it('sums only the directions the filter shows', () => {
    expect(shownDirections({ sens: '' })).to.deep.equal({ in: true, out: true });
    expect(shownDirections({ sens: 'encaissement' })).to.deep.equal({ in: true, out: false });
    expect(shownDirections({ sens: 'compensation' })).to.deep.equal({ in: false, out: false });
  });

  it('shows money received as +, paid out as −, a compensation as recorded', () => {
    expect(cashAmount({ amount: 80, direction: 'out' })).to.equal(-80);
    expect(cashAmount({ amount: -12.5, direction: 'in' })).to.equal(12.5);
    expect(cashAmount({ amount: -20, direction: 'none' })).to.equal(-20);
    expect(cashAmount({ amount: 5 })).to.equal(5);
  });
});

describe('UI kit, commerce: VAT categories of a sale’s lines (commerce README « VAT categories »)', () => {
  const AE = { vatCategory: 'AE', vatExemptionReason: { code: 'VATEX-EU-AE', text: 'Autoliquidation : TVA due par le preneur, art. 196 de la directive 2006/112/CE' } };

  it('names the automatic category the server computed first, then each category (Z only to a line that has it)', () => {
    const options = vatCategoryOptions(emptyLine(), AE);
    expect(options[0]).to.deep.equal({ value: '', label: 'Automatique (AE – Autoliquidation)' });
    expect(options.map((o) => o.value)).to.deep.equal(['', 'S', 'E', 'AE', 'K', 'G', 'O', 'L', 'M']);
    expect(vatCategoryOptions({ vatCategory: 'Z' }).at(-1)).to.deep.equal({ value: 'Z', label: 'Z – Taux zéro (inexistant en France)' });
    expect(vatCategoryOptions(emptyLine())[0].label).to.equal('Automatique');
  });

  it('a category without VAT chosen by hand makes the rate 0, the price excl. taxes kept, its reason forgotten', () => {
    const line = { ...withExcl(emptyLine(), 100), vatExemptionCode: 'VATEX-EU-G' };
    const k = withVatCategory(line, 'K');
    expect(k).to.include({ vatCategory: 'K', vat: '0', exclTaxesPrice: 100, inclTaxesPrice: 100, vatExemptionCode: '' });
    expect(withVatCategory(k, '')).to.include({ vatCategory: '', vat: '0' });
    expect(withVatCategory(line, 'S')).to.include({ vatCategory: 'S', vat: '20', inclTaxesPrice: 120 });
    expect(bearsNoVat(emptyLine(), AE)).to.equal(true);
    expect(bearsNoVat(emptyLine(), AE, false)).to.equal(false);
    expect(bearsNoVat(emptyLine(), { vatCategory: 'S' })).to.equal(false);
  });

  it('asks for the reason of a category chosen by hand or of an automatic exemption without one; shows an automatic one', () => {
    expect(reasonState(emptyLine(), AE)).to.deep.equal({ choose: false, shown: AE.vatExemptionReason.text });
    expect(reasonState(emptyLine(), { vatCategory: 'E' })).to.deep.equal({ choose: true });
    expect(reasonState({ vatCategory: 'K' }, AE)).to.deep.equal({ choose: true });
    expect(reasonState({ vatCategory: 'S' })).to.deep.equal({ choose: false });
    expect(exemptionReasonOptions('E').map((o) => o.value)).to.include.members(['VATEX-FR-CGI261-4', 'VATEX-EU-132', OWN_REASON]);
    expect(exemptionReasonOptions('K').map((o) => o.value)).to.deep.equal(['VATEX-EU-IC', OWN_REASON]);
  });

  it('sends the category chosen and its reason, nothing for an automatic line; a reason on an automatic line makes its category its own', () => {
    const auto = emptyLine();
    expect(toLineInput(auto)).to.not.have.any.keys('vatCategory', 'vatExemptionReason');
    const medical = withExemptionReason({ ...auto, vat: '0' }, 'E', { code: 'VATEX-FR-CGI261-4', text: '' });
    expect(exemptionReasonValue(medical)).to.equal('VATEX-FR-CGI261-4');
    expect(vatCategoryInput(medical)).to.deep.equal({ vatCategory: 'E', vatExemptionReason: { code: 'VATEX-FR-CGI261-4' } });
    const own = withExemptionReason(medical, 'E', { code: '', text: ' Exonéré, art. 261 D du CGI ' });
    expect(exemptionReasonValue(own)).to.equal(OWN_REASON);
    expect(vatCategoryInput(own)).to.deep.equal({ vatCategory: 'E', vatExemptionReason: { text: 'Exonéré, art. 261 D du CGI' } });
    expect(vatCategoryInput({ vatCategory: 'S', vatExemptionCode: 'VATEX-EU-G', vatExemptionText: '' })).to.deep.equal({ vatCategory: 'S' });
    const stored = lineFromStored({ uuid: 'u', vatCategory: 'K', vatExemptionReason: { code: 'VATEX-EU-IC', text: 'x' } });
    expect(stored).to.include({ vatCategory: 'K', vatExemptionCode: 'VATEX-EU-IC', vatExemptionText: 'x' });
  });

  it('reads the server’s answer by uuid, and writes each category’s wording once under the VAT details', () => {
    expect(computedVatCategories({ items: [{ uuid: 'a', ...AE }], subjectToVAT: false })).to.deep.equal({ computed: { a: AE }, subjectToVAT: false });
    expect(computedVatCategories(undefined)).to.deep.equal({ computed: {}, subjectToVAT: true });
    const row = (vatCategory: string, text?: string) => ({ vat: 0, totalExclTaxes: 1, totalInclTaxes: 1, amount: 0, vatCategory, ...(text ? { vatExemptionReason: { text } } : {}) });
    expect(vatWordings([row('S'), row('K', 'Exonération de TVA, art. 262 ter I du CGI'), row('Z'), row('K', 'Exonération de TVA, art. 262 ter I du CGI')]))
      .to.deep.equal(['K – Exonération de TVA, art. 262 ter I du CGI']);
  });
});
