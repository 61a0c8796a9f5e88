import { expect } from 'chai';
import { computeDocument, type LineInput } from '../src/commerce/index.ts';

const totals = (r: ReturnType<typeof computeDocument>) =>
  ({ exclTaxesPrice: r.exclTaxesPrice, inclTaxesPrice: r.inclTaxesPrice, vatAmount: r.vatAmount, vatDetails: r.vatDetails });

describe('commerce — document totals and VAT details (commerce README « Rules »)', () => {
  /*
   * Unit prices excl. taxes, converted to incl. (README « Prices »):
   *   A 3 × 10.00 at 20 %   → incl 12.00          line incl 36.00  line excl 30.00  line vat 6.00
   *   B 2 × 4.99  at 10 %   → incl 5.489 → 5.49   line incl 10.98  line excl 9.98   line vat 0.998 → 1.00
   *   C 3 × 0.83  at 5.5 %  → incl 0.87565 → 0.88 line incl 2.64  line excl 2.49   line vat 0.13695 → 0.14
   *   D 1 × 1.99  at 2.1 %  → incl 2.03179 → 2.03 line incl 2.03  line excl 1.99   line vat 0.04179 → 0.04
   *   E 1 × 3.33  at 20 %   → incl 3.996 → 4.00   line incl 4.00   line excl 3.33   line vat 0.666 → 0.67
   */
  const items: LineInput[] = [
    { labelPrimary: 'A', quantity: 3, vat: 20, exclTaxesPrice: 10 },
    { labelPrimary: 'B', quantity: 2, vat: 10, exclTaxesPrice: 4.99 },
    { labelPrimary: 'C', quantity: 3, vat: 5.5, exclTaxesPrice: 0.83 },
    { labelPrimary: 'D', quantity: 1, vat: 2.1, exclTaxesPrice: 1.99 },
    { labelPrimary: 'E', quantity: 1, vat: 20, exclTaxesPrice: 3.33 },
  ];

  it('rounded-total (the default): excl per rate computed once from the incl. line totals', () => {
    /*
     * 20 %:  incl 36.00 + 4.00 = 40.00; excl 40 / 1.2   = 33.333… → 33.33; vat 6.67
     * 10 %:  incl 10.98;               excl 10.98 / 1.1 = 9.9818… → 9.98;  vat 1.00
     * 5.5 %: incl 2.64;                excl 2.64 / 1.055 = 2.5023… → 2.50; vat 0.14
     * 2.1 %: incl 2.03;                excl 2.03 / 1.021 = 1.9882… → 1.99; vat 0.04
     * document: excl 47.80, incl 55.65, vat 7.85
     */
    const r = computeDocument({ items, subjectToVAT: true });
    expect(totals(r)).to.deep.equal({
      exclTaxesPrice: 47.8, inclTaxesPrice: 55.65, vatAmount: 7.85,
      vatDetails: [
        { vat: 2.1, totalExclTaxes: 1.99, totalInclTaxes: 2.03, amount: 0.04 },
        { vat: 5.5, totalExclTaxes: 2.5, totalInclTaxes: 2.64, amount: 0.14 },
        { vat: 10, totalExclTaxes: 9.98, totalInclTaxes: 10.98, amount: 1 },
        { vat: 20, totalExclTaxes: 33.33, totalInclTaxes: 40, amount: 6.67 },
      ],
    });
    expect(r.items.map((l) => l.inclTaxesPrice)).to.deep.equal([12, 5.49, 0.88, 2.03, 4]);
    expect(computeDocument({ items, subjectToVAT: true, vatCalculationMethod: 'rounded-total' }).vatDetails).to.deep.equal(r.vatDetails);
  });

  it('rounded-lines: each line excl. total and VAT rounded first, then summed per rate', () => {
    /*
     * 20 %:  excl 30.00 + 3.33 = 33.33; vat 6.00 + 0.67 = 6.67; incl 40.00
     * 10 %:  excl 9.98; vat 1.00; incl 10.98
     * 5.5 %: excl 2.49; vat 0.14; incl 2.63   (rounded-total gave 2.50 / 0.14 / 2.64)
     * 2.1 %: excl 1.99; vat 0.04; incl 2.03
     * document: excl 47.79, incl 55.64, vat 7.85 — one cent below rounded-total
     */
    const r = computeDocument({ items, subjectToVAT: true, vatCalculationMethod: 'rounded-lines' });
    expect(totals(r)).to.deep.equal({
      exclTaxesPrice: 47.79, inclTaxesPrice: 55.64, vatAmount: 7.85,
      vatDetails: [
        { vat: 2.1, totalExclTaxes: 1.99, totalInclTaxes: 2.03, amount: 0.04 },
        { vat: 5.5, totalExclTaxes: 2.49, totalInclTaxes: 2.63, amount: 0.14 },
        { vat: 10, totalExclTaxes: 9.98, totalInclTaxes: 10.98, amount: 1 },
        { vat: 20, totalExclTaxes: 33.33, totalInclTaxes: 40, amount: 6.67 },
      ],
    });
  });

  it('three lines of 0.83 € at 5.5 %: the two methods differ by a cent', () => {
    /*
     * Each line: excl 0.83, incl 0.83 × 1.055 = 0.87565 → 0.88, line vat 0.83 × 0.055 = 0.04565 → 0.05.
     * rounded-total: incl 3 × 0.88 = 2.64; excl 2.64 / 1.055 = 2.50236 → 2.50; vat 0.14
     * rounded-lines: excl 3 × 0.83 = 2.49; vat 3 × 0.05 = 0.15; incl 2.64
     */
    const three = [1, 2, 3].map(() => ({ vat: 5.5, exclTaxesPrice: 0.83 }));
    expect(totals(computeDocument({ items: three, subjectToVAT: true }))).to.deep.equal({
      exclTaxesPrice: 2.5, inclTaxesPrice: 2.64, vatAmount: 0.14,
      vatDetails: [{ vat: 5.5, totalExclTaxes: 2.5, totalInclTaxes: 2.64, amount: 0.14 }],
    });
    expect(totals(computeDocument({ items: three, subjectToVAT: true, vatCalculationMethod: 'rounded-lines' }))).to.deep.equal({
      exclTaxesPrice: 2.49, inclTaxesPrice: 2.64, vatAmount: 0.15,
      vatDetails: [{ vat: 5.5, totalExclTaxes: 2.49, totalInclTaxes: 2.64, amount: 0.15 }],
    });
  });

  it('lines entered incl. taxes: converted to excl., the incl. totals are kept with rounded-total', () => {
    /*
     * 10.00 incl at 5.5 % → excl 9.47867 → 9.48 ; 1.00 incl at 20 % → excl 0.8333 → 0.83 ; 1.00 incl at 2.1 % → 0.97943 → 0.98
     * rounded-total: 5.5 %: excl 10 / 1.055 = 9.48, vat 0.52 ; 20 %: excl 0.83, vat 0.17 ; 2.1 %: excl 0.98, vat 0.02
     * rounded-lines: 5.5 %: excl 9.48, vat 9.48 × 0.055 = 0.5214 → 0.52, incl 10.00 ;
     *                20 %: excl 0.83, vat 0.166 → 0.17, incl 1.00 ; 2.1 %: excl 0.98, vat 0.02058 → 0.02, incl 1.00
     */
    const incl: LineInput[] = [
      { vat: 5.5, inclTaxesPrice: 10 }, { vat: 20, inclTaxesPrice: 1 }, { vat: '2,1', inclTaxesPrice: '1' },
    ];
    const byTotal = computeDocument({ items: incl, subjectToVAT: true });
    expect(byTotal.items.map((l) => l.exclTaxesPrice)).to.deep.equal([9.48, 0.83, 0.98]);
    expect(totals(byTotal)).to.deep.equal({
      exclTaxesPrice: 11.29, inclTaxesPrice: 12, vatAmount: 0.71,
      vatDetails: [
        { vat: 2.1, totalExclTaxes: 0.98, totalInclTaxes: 1, amount: 0.02 },
        { vat: 5.5, totalExclTaxes: 9.48, totalInclTaxes: 10, amount: 0.52 },
        { vat: 20, totalExclTaxes: 0.83, totalInclTaxes: 1, amount: 0.17 },
      ],
    });
    expect(computeDocument({ items: incl, subjectToVAT: true, vatCalculationMethod: 'rounded-lines' }).inclTaxesPrice).to.equal(12);
  });

  it('quantity × price: decimal quantities, line totals rounded to cents', () => {
    /* 1.5 × 0.83 excl at 5.5 % → incl unit 0.88 ; line incl 1.32 ; excl 1.32 / 1.055 = 1.2511 → 1.25 ; vat 0.07
       rounded-lines: excl 1.5 × 0.83 = 1.245 → 1.25 ; vat 1.25 × 0.055 = 0.06875 → 0.07 ; incl 1.32 */
    const r = computeDocument({ items: [{ quantity: '1,5', vat: 5.5, exclTaxesPrice: 0.83 }], subjectToVAT: true });
    expect(r.vatDetails).to.deep.equal([{ vat: 5.5, totalExclTaxes: 1.25, totalInclTaxes: 1.32, amount: 0.07 }]);
    const l = computeDocument({ items: [{ quantity: '1,5', vat: 5.5, exclTaxesPrice: 0.83 }], subjectToVAT: true, vatCalculationMethod: 'rounded-lines' });
    expect(l.vatDetails).to.deep.equal([{ vat: 5.5, totalExclTaxes: 1.25, totalInclTaxes: 1.32, amount: 0.07 }]);
  });

  it('a credit note (negative quantities) is the exact mirror of the invoice', () => {
    const negated = items.map((i) => ({ ...i, quantity: -Number(i.quantity) }));
    for (const method of ['rounded-total', 'rounded-lines'] as const) {
      const invoice = computeDocument({ items, subjectToVAT: true, vatCalculationMethod: method });
      const credit = computeDocument({ items: negated, subjectToVAT: true, vatCalculationMethod: method });
      expect(credit.inclTaxesPrice).to.equal(-invoice.inclTaxesPrice);
      expect(credit.exclTaxesPrice).to.equal(-invoice.exclTaxesPrice);
      expect(credit.vatDetails.map((d) => d.amount)).to.deep.equal(invoice.vatDetails.map((d) => -d.amount));
    }
  });

  it('lines with a quantity, rate or price that is not a number are kept but skipped in the totals', () => {
    const r = computeDocument({
      subjectToVAT: true,
      items: [
        { labelPrimary: 'ok', quantity: '2', vat: 20, exclTaxesPrice: '10,00' },
        { labelPrimary: 'quantité', quantity: 'abc', vat: 10, exclTaxesPrice: 10 },
        { labelPrimary: 'prix', vat: 5.5, exclTaxesPrice: 'abc' },
        { labelPrimary: 'taux', vat: 'abc', exclTaxesPrice: 10 },
        { labelPrimary: 'rien' },
      ],
    });
    expect(r.items.map((l) => l.labelPrimary)).to.deep.equal(['ok', 'quantité', 'prix', 'taux', 'rien']);
    expect(totals(r)).to.deep.equal({
      exclTaxesPrice: 20, inclTaxesPrice: 24, vatAmount: 4,
      vatDetails: [{ vat: 20, totalExclTaxes: 20, totalInclTaxes: 24, amount: 4 }],
    });
  });

  it('not subject to VAT: empty details, no VAT, incl. = excl. = Σ quantity × unit excl.', () => {
    const r = computeDocument({ items, subjectToVAT: false });
    // 30.00 + 9.98 + 2.49 + 1.99 + 3.33
    expect(totals(r)).to.deep.equal({ exclTaxesPrice: 47.79, inclTaxesPrice: 47.79, vatAmount: 0, vatDetails: [] });
    expect(computeDocument({ items, subjectToVAT: false, vatCalculationMethod: 'rounded-lines' }).vatDetails).to.deep.equal([]);
  });

  it('an empty document totals zero', () => {
    expect(totals(computeDocument({ items: [], subjectToVAT: true }))).to.deep.equal({ exclTaxesPrice: 0, inclTaxesPrice: 0, vatAmount: 0, vatDetails: [] });
  });

  it('groups "5,5" and 5.5 under the same rate', () => {
    const r = computeDocument({ items: [{ vat: '5,5', exclTaxesPrice: 1 }, { vat: 5.5, exclTaxesPrice: 1 }], subjectToVAT: true });
    expect(r.vatDetails).to.have.length(1);
    // unit incl 1.055 → 1.06 (half up); incl 2 × 1.06 = 2.12; excl 2.12 / 1.055 = 2.00948 → 2.01; vat 0.11
    expect(r.vatDetails[0]).to.deep.equal({ vat: 5.5, totalExclTaxes: 2.01, totalInclTaxes: 2.12, amount: 0.11 });
  });
});
