/**
 * The rules of the FEC as plain functions, without HTTP: fiscal years and their days in Paris,
 * the file name, fields and encoding, the chart's roles, the entries of invoices and payments
 * (balanced to the cent whatever the VAT method), and the checks of the whole file.
 */
import { expect } from 'chai';
import { Decimal } from 'decimal.js';
import { ACCOUNT_ROLES, journalEntryProblem, type ContributedEntry, type JournalEntry } from '@comptoir/sdk';
import { computeDocument } from '@comptoir/sdk/commerce';
import type { Invoice } from '../schemas/index.ts';
import type { LineItem, Payment } from '@comptoir/schemas';
import { boundDay, fecFileName, fiscalYearOf, missingFiscalYear, parisMidnight, parseFiscalYear } from '../server/services/accounting/fec-period.ts';
import { decodeFec, encodeFec, fecAmount, fecField } from '../server/services/accounting/fec-format.ts';
import { DEFAULT_ACCOUNTS, checkChartInput, effectiveChart, resolveAccount, resolveJournal } from '../server/services/accounting/chart.ts';
import { MISCELLANEOUS_CUSTOMERS, customerAuxiliary, invoiceEntry, paymentEntry, remainingLines, treasuryOf } from '../server/services/accounting/accounting-entries.ts';
import { buildFec } from '../server/services/accounting/fec.ts';

const thrown = (fn: () => unknown) => { try { fn(); } catch (e) { return e as { status: number; message: string; details: unknown[] }; } throw new Error('no error'); };

describe('invoicing : règles du FEC', () => {
  describe('exercices', () => {
    it('lit une borne d’exercice comme le jour qu’elle désigne, quel que soit l’enregistrement', () => {
      const day = (iso: string) => JSON.stringify(boundDay(iso));
      const dec31 = JSON.stringify({ year: 2025, month: 12, day: 31 });
      expect([day('2025-12-31T00:00:00.000Z'), day('2025-12-31T23:59:59.999Z'), day('2025-12-31T22:59:59.999Z'), day('2025-12-30T23:00:00.000Z'), day('2025-12-31T12:00:00.000Z')])
        .to.deep.equal([dec31, dec31, dec31, dec31, dec31]);
      expect(boundDay('pas une date')).to.equal(null);
    });

    it('trouve minuit à Paris, en hiver comme en été', () => {
      expect(parisMidnight({ year: 2025, month: 1, day: 1 }).toISOString()).to.equal('2024-12-31T23:00:00.000Z');
      expect(parisMidnight({ year: 2025, month: 7, day: 1 }).toISOString()).to.equal('2025-06-30T22:00:00.000Z');
      expect(parisMidnight({ year: 2025, month: 3, day: 30 }).toISOString()).to.equal('2025-03-29T23:00:00.000Z');
      expect(parisMidnight({ year: 2025, month: 10, day: 26 }).toISOString()).to.equal('2025-10-25T22:00:00.000Z');
    });

    it('choisit l’exercice clos dans l’année, ou l’année civile, et dit s’il est clos', () => {
      const now = new Date('2026-02-01T00:00:00.000Z');
      expect(fiscalYearOf({ fiscalYears: [] }, 2025, now)).to.deep.equal({
        year: 2025, name: null, firstDay: '2025-01-01', lastDay: '2025-12-31', closed: true,
        period: { start: '2024-12-31T23:00:00.000Z', end: '2025-12-31T23:00:00.000Z' },
      });
      const fiscalYears = [
        { startDate: '2025-04-01T00:00:00.000Z', endDate: '2026-03-31T00:00:00.000Z', name: 'Exercice 2025-2026' },
        { startDate: '2024-04-01T00:00:00.000Z', endDate: '2025-03-31T00:00:00.000Z' },
        { startDate: '2030-01-01T00:00:00.000Z', endDate: '2029-01-01T00:00:00.000Z', name: 'à l’envers : ignoré' },
      ];
      expect(fiscalYearOf({ fiscalYears }, 2026, now)).to.deep.include({ name: 'Exercice 2025-2026', firstDay: '2025-04-01', lastDay: '2026-03-31', closed: false });
      expect(fiscalYearOf({ fiscalYears }, 2025, now)).to.deep.include({ name: null, firstDay: '2024-04-01', lastDay: '2025-03-31', closed: true });
      expect(fiscalYearOf({ fiscalYears }, 2029, now)).to.deep.include({ firstDay: '2029-01-01', lastDay: '2029-12-31' });
    });

    it('dit qu’une année n’est pas un exercice de l’entreprise : non déclarée, pas commencée, ou avant sa création sans écriture', () => {
      const now = new Date('2026-02-01T00:00:00.000Z');
      const created = { metadata: { creationDate: '2024-06-10T09:00:00.000Z' } };
      const calendar = (year: number, entries = false) => missingFiscalYear({ fiscalYears: [], ...created }, fiscalYearOf({ fiscalYears: [] }, year, now), now, entries);
      expect([calendar(2024), calendar(2025), calendar(2026)]).to.deep.equal([null, null, null]);
      expect(calendar(2027)).to.equal('Aucun exercice ne se clôt en 2027 : cette année n’a pas encore commencé.');
      expect(calendar(2023)).to.equal('Aucun exercice ne se clôt en 2023 : l’entreprise a été créée en 2024 et aucune écriture n’est datée de 2023.');
      // documents typed in before the company was created in Comptoir: that year was kept
      expect(calendar(2023, true)).to.equal(null);
      const fiscalYears = [
        { startDate: '2024-04-01T00:00:00.000Z', endDate: '2025-03-31T00:00:00.000Z' },
        { startDate: '2025-04-01T00:00:00.000Z', endDate: '2026-03-31T00:00:00.000Z', name: 'Exercice 2025-2026' },
      ];
      const declared = (year: number) => missingFiscalYear({ fiscalYears, ...created }, fiscalYearOf({ fiscalYears }, year, now), now, true);
      expect([declared(2025), declared(2026)]).to.deep.equal([null, null]);
      // the calendar year would take entries of a declared one: they belong to its file
      expect(declared(2024)).to.equal('Aucun exercice de l’entreprise ne se clôt en 2024, et l’année civile 2024 chevauche l’exercice du 01/04/2024 au 31/03/2025 déclaré dans la fiche de l’entreprise.');
      expect(declared(2029)).to.equal('Aucun exercice ne se clôt en 2029 : cette année n’a pas encore commencé.');
      // years the company did not declare, clear of the declared ones: calendar years, as without any
      expect(missingFiscalYear({ fiscalYears, ...created }, fiscalYearOf({ fiscalYears }, 2023, now), now, false)).to.match(/créée en 2024 et aucune écriture n’est datée de 2023/);
      const since = { metadata: { creationDate: '2020-01-01T00:00:00.000Z' } };
      expect(missingFiscalYear({ fiscalYears, ...since }, fiscalYearOf({ fiscalYears }, 2023, now), now, false)).to.equal(null);
    });

    it('lit fiscalYear sur quatre chiffres, sinon 400', () => {
      expect(parseFiscalYear('2025')).to.equal(2025);
      expect(parseFiscalYear(['2024', '2025'])).to.equal(2024);
      for (const bad of [undefined, '', '2025 ', '+202', '1899', 2025]) expect(thrown(() => parseFiscalYear(bad)).status, String(bad)).to.equal(400);
    });

    it('nomme le fichier <SIREN>FEC<AAAAMMJJ>.txt, SIREN tapé avec des espaces compris', () => {
      expect(fecFileName('123 456 789', '2025-12-31')).to.equal('123456789FEC20251231.txt');
      for (const bad of [undefined, '', '12345678', '12345678901234']) expect(thrown(() => fecFileName(bad, '2025-12-31')).status).to.equal(409);
    });
  });

  describe('format', () => {
    it('écrit les montants avec une virgule, deux décimales, sans séparateur de milliers', () => {
      expect([fecAmount('1437.12'), fecAmount(0), fecAmount('1234567.5'), fecAmount('-3.1')]).to.deep.equal(['1437,12', '0,00', '1234567,50', '-3,10']);
    });

    it('garde chaque valeur sur un champ et en ISO 8859-15', () => {
      expect(fecField(' Formation | hygiène\r\n— l’équipe\t« Noël » … ')).to.equal('Formation hygiène - l\'équipe « Noël » ...');
      const bytes = encodeFec('Œuvre € é ✓');
      expect([...bytes]).to.deep.equal([0xbc, 0x75, 0x76, 0x72, 0x65, 0x20, 0xa4, 0x20, 0xe9, 0x20, 0x3f]);
      expect(decodeFec(bytes)).to.equal('Œuvre € é ?');
    });
  });

  describe('plan comptable', () => {
    const chart = effectiveChart({ accounts: [{ role: 'bank', number: '512100', label: 'Crédit Agricole' }], journals: [{ role: 'purchases', code: 'HA', label: 'Achats' }] });

    it('traduit les rôles, le taux de TVA, les numéros et codes donnés', () => {
      expect(resolveAccount(chart, { account: 'bank' })).to.deep.equal({ number: '512100', label: 'Crédit Agricole' });
      expect(resolveAccount(chart, { account: 'vatDeductible', vatRate: 10 })).to.deep.equal({ number: '4456610', label: 'TVA déductible 10 %' });
      expect(resolveAccount(chart, { account: 'vatCollected', vatRate: 8.5 })).to.deep.equal({ number: '445710', label: 'TVA collectée' });
      expect(resolveAccount(chart, { account: '706000' })).to.deep.equal({ number: '706000', label: 'Prestations de services' });
      expect(resolveAccount(chart, { account: '6278', accountLabel: 'Frais bancaires' })).to.deep.equal({ number: '6278', label: 'Frais bancaires' });
      expect(resolveAccount(chart, { account: '12' })).to.equal(null);
      expect(resolveAccount(chart, { account: 'expenses' })).to.equal(null);
      expect(resolveJournal(chart, 'purchases')).to.deep.equal({ code: 'HA', label: 'Achats' });
      expect(resolveJournal(chart, 'VE')).to.deep.equal({ code: 'VE', label: 'Journal des ventes' });
      expect(resolveJournal(chart, 'XY1')).to.deep.equal({ code: 'XY1', label: 'XY1' });
      expect(resolveJournal(chart, 'ventes')).to.equal(null);
    });

    it('donne un compte par défaut à chaque rôle et refuse les doublons', () => {
      expect([...new Set(DEFAULT_ACCOUNTS.map((a) => a.role))].sort()).to.deep.equal([...ACCOUNT_ROLES].sort());
      expect(thrown(() => checkChartInput({ accounts: [{ role: 'vatCollected', vatRate: 20, number: '1', label: 'a' }, { role: 'vatCollected', vatRate: 20, number: '2', label: 'b' }], journals: [] })).message)
        .to.equal('Le compte « vatCollected » au taux de 20 % est donné deux fois.');
    });
  });

  describe('écritures des factures et des paiements', () => {
    const lines = (items: Partial<LineItem>[]) => items.map((i, n) => ({ quantity: 1, vat: 20, type: 'service', uuid: `u${n}`, labelPrimary: `L${n}`, ...i }));
    function invoice(items: Partial<LineItem>[], options: { subjectToVAT?: boolean; vatCalculationMethod?: 'rounded-total' | 'rounded-lines' } = {}): Invoice {
      const computed = computeDocument({ items: lines(items), subjectToVAT: options.subjectToVAT ?? true, vatCalculationMethod: options.vatCalculationMethod ?? 'rounded-total' });
      return { ...computed, _id: '65f0c0ffee0000000000a001', number: 1, numberFull: 'F0000001', date: '2025-03-01T10:00:00.000Z', subjectToVAT: options.subjectToVAT ?? true, fk: {} } as unknown as Invoice;
    }
    const customer = customerAuxiliary('65f0c0ffee0000000000c001', 'Hôtel du Parc');

    it('équilibre au centime des factures difficiles, par les deux méthodes de TVA, et leurs avoirs', () => {
      const items = [
        { quantity: 3, exclTaxesPrice: 0.333, vat: 5.5, type: 'good' as const },
        { quantity: 7, exclTaxesPrice: 1.1111, vat: 5.5 },
        { quantity: 1, inclTaxesPrice: 9.99, vat: 20, type: 'good' as const },
        { quantity: 2, exclTaxesPrice: 0.015, vat: 10 },
        { quantity: -1, exclTaxesPrice: 2.5, vat: 20 },
      ];
      for (const vatCalculationMethod of ['rounded-total', 'rounded-lines'] as const) {
        for (const sign of [1, -1]) {
          const doc = invoice(items.map((i) => ({ ...i, quantity: i.quantity * sign })), { vatCalculationMethod });
          const entry = invoiceEntry(doc, customer);
          expect(journalEntryProblem(entry), `${vatCalculationMethod} ${sign}`).to.equal(null);
          const total = new Decimal(doc.inclTaxesPrice).abs().toFixed(2);
          expect(entry.lines[0]).to.deep.equal(sign > 0 ? { account: 'customer', auxiliary: customer, debit: total } : { account: 'customer', auxiliary: customer, credit: total });
          expect(entry.label).to.equal(`${sign > 0 ? 'Facture' : 'Avoir'} F0000001 Hôtel du Parc`);
        }
      }
    });

    it('sépare marchandises et services d’un même taux, et met tout en 70x sans TVA', () => {
      const mixed = invoiceEntry(invoice([{ exclTaxesPrice: 100, type: 'good' }, { exclTaxesPrice: 50 }]), customer);
      expect(mixed.lines).to.deep.equal([
        { account: 'customer', auxiliary: customer, debit: '180.00' },
        { account: 'salesGoods', credit: '100.00' },
        { account: 'salesServices', credit: '50.00' },
        { account: 'vatCollected', vatRate: 20, credit: '30.00' },
      ]);
      const free = invoiceEntry(invoice([{ exclTaxesPrice: 10, type: 'good' }, { exclTaxesPrice: 5 }], { subjectToVAT: false }), customer);
      expect(free.lines.map((l) => `${l.account} ${l.debit ?? ''}${l.credit ?? ''}`)).to.deep.equal(['customer 15.00', 'salesGoods 10.00', 'salesServices 5.00']);
    });

    it('sépare aussi les catégories sans TVA d’un même taux 0 : livraison intracommunautaire (K) en marchandises, autoliquidation (AE) en services', () => {
      const eu = { ...invoice([]), ...computeDocument({
        subjectToVAT: true,
        vatSale: { seller: { country: 'FR' }, buyer: { country: 'DE', vatNumber: 'DE123456789', professional: true } },
        items: lines([{ exclTaxesPrice: 100, type: 'good' }, { exclTaxesPrice: 50 }]),
      }) } as Invoice;
      expect(eu.vatDetails.map((d) => [d.vatCategory, d.vat])).to.deep.equal([['AE', 0], ['K', 0]]);
      expect(invoiceEntry(eu, customer).lines).to.deep.equal([
        { account: 'customer', auxiliary: customer, debit: '150.00' },
        { account: 'salesServices', credit: '50.00' },
        { account: 'salesGoods', credit: '100.00' },
      ]);
    });

    it('préfixe les pièces par leur série : FC- les factures, avoirs et factures correctives, RC- les règlements', () => {
      expect(invoiceEntry(invoice([{ exclTaxesPrice: 10 }]), customer).pieceRef).to.equal('FC-F0000001');
    });

    describe('facture corrective (annule et remplace)', () => {
      const of = (doc: Invoice, more: Omit<Partial<Invoice>, 'fk'> & { fk?: Partial<Invoice['fk']> }) => ({ ...doc, ...more, fk: { ...doc.fk, ...more.fk } }) as Invoice;
      const source = of(invoice([{ exclTaxesPrice: 100, type: 'good' }, { exclTaxesPrice: 50, vat: 10 }]), { _id: 'src', number: 1, numberFull: 'F0000001' });
      const corrective = of(invoice([{ exclTaxesPrice: 120, type: 'good' }]), {
        _id: 'cor', number: 3, numberFull: 'F0000003', headerTitle: 'Facture corrective', fk: { sourceInvoice: 'src' },
      });
      const text = (e: JournalEntry) => e.lines.map((l) => `${l.account}${l.vatRate ? `@${l.vatRate}` : ''}${l.auxiliary ? `/${l.auxiliary.number}` : ''} ${l.debit ?? '0.00'} ${l.credit ?? '0.00'}`);
      const balanceOf = (entries: JournalEntry[], account: string) => entries.flatMap((e) => e.lines).filter((l) => l.account === account)
        .reduce((s, l) => s.plus(l.credit ?? 0).minus(l.debit ?? 0), new Decimal(0)).toFixed(2);

      it('contre-passe la facture d’origine sur son client, puis passe la corrective : la vente compte une fois', () => {
        const other = customerAuxiliary('65f0c0ffee0000000000c002', 'Café des Arts');
        const entry = invoiceEntry(corrective, other, { invoice: source, customer, earlier: [] });
        expect(journalEntryProblem(entry)).to.equal(null);
        expect(entry).to.deep.include({ pieceRef: 'FC-F0000003', label: 'Facture corrective F0000003 Café des Arts (annule et remplace la facture F0000001)' });
        const hotel = customer.number;
        expect(text(entry)).to.deep.equal([
          `customer/${hotel} 0.00 175.00`, 'salesServices 50.00 0.00', 'vatCollected@10 5.00 0.00', 'salesGoods 100.00 0.00', 'vatCollected@20 20.00 0.00',
          `customer/${other.number} 144.00 0.00`, 'salesGoods 0.00 120.00', 'vatCollected@20 0.00 24.00',
        ]);
        expect(entry.lines[0].label).to.equal('Annulation facture F0000001 (annulée et remplacée par la facture F0000003)');
        expect(entry.lines.at(-1)!.label).to.equal(undefined);
        // the source's entry and the corrective's together: the corrective's sale, once
        const books = [invoiceEntry(source, customer), entry];
        expect([balanceOf(books, 'salesGoods'), balanceOf(books, 'salesServices'), balanceOf(books, 'vatCollected'), balanceOf(books, 'customer')])
          .to.deep.equal(['120.00', '0.00', '24.00', '-144.00']);
      });

      it('ne contre-passe que ce que les avoirs émis avant ont laissé, rien après une corrective antérieure', () => {
        const credit = of(invoice([{ exclTaxesPrice: -50, vat: 10 }]), { _id: 'av', number: 2, numberFull: 'F0000002', headerTitle: 'Avoir', fk: { sourceInvoice: 'src' } });
        expect(text({ lines: remainingLines({ invoice: source, customer, earlier: [{ invoice: credit, customer }] }) } as JournalEntry))
          .to.deep.equal([`customer/${customer.number} 120.00 0.00`, 'salesGoods 0.00 100.00', 'vatCollected@20 0.00 20.00']);
        const books = [invoiceEntry(source, customer), invoiceEntry(credit, customer), invoiceEntry(corrective, customer, { invoice: source, customer, earlier: [{ invoice: credit, customer }] })];
        expect([balanceOf(books, 'salesGoods'), balanceOf(books, 'salesServices'), balanceOf(books, 'vatCollected')]).to.deep.equal(['120.00', '0.00', '24.00']);
        // a fully credited invoice: nothing left to reverse; an earlier corrective reversed it already
        const full = of(invoice([{ exclTaxesPrice: -100, type: 'good' }, { exclTaxesPrice: -50, vat: 10 }]), { _id: 'av2', number: 2, numberFull: 'F0000002', fk: { sourceInvoice: 'src' } });
        expect(remainingLines({ invoice: source, customer, earlier: [{ invoice: full, customer }] })).to.deep.equal([]);
        const first = of(corrective, { _id: 'c1', number: 2, numberFull: 'F0000002' });
        expect(remainingLines({ invoice: source, customer, earlier: [{ invoice: first, customer }] })).to.deep.equal([]);
        const later = of(invoice([{ exclTaxesPrice: -20, type: 'good' }]), { _id: 'av3', number: 4, numberFull: 'F0000004', fk: { sourceInvoice: 'src' } });
        expect(text({ lines: remainingLines({ invoice: source, customer, earlier: [{ invoice: later, customer }, { invoice: first, customer }] }) } as JournalEntry))
          .to.deep.equal([`customer/${customer.number} 0.00 24.00`, 'salesGoods 20.00 0.00', 'vatCollected@20 4.00 0.00']);
      });

      it('passe comme un avoir une corrective au total négatif (le type 381 de sa facture électronique)', () => {
        const negative = of(invoice([{ exclTaxesPrice: -30 }]), { number: 3, numberFull: 'F0000003', headerTitle: 'Facture corrective', fk: { sourceInvoice: 'src' } });
        const entry = invoiceEntry(negative, customer, { invoice: source, customer, earlier: [] });
        expect(entry.label).to.equal('Avoir F0000003 Hôtel du Parc');
        expect(text(entry)).to.deep.equal([`customer/${customer.number} 0.00 36.00`, 'salesServices 30.00 0.00', 'vatCollected@20 6.00 0.00']);
        expect(invoiceEntry(invoice([{ exclTaxesPrice: 5 }]), MISCELLANEOUS_CUSTOMERS).lines[0].auxiliary).to.deep.equal({ number: 'CDIVERS', label: 'Clients divers' });
      });
    });

    it('met l’argent en banque, en caisse, en avances pour une carte cadeau, et rien pour un avoir', () => {
      const payment = (mode: Payment['mode'], amount: number) => ({
        mode, amount, date: '2025-03-02T10:00:00.000Z', number: 4, numberFull: 'P4', metadata: { creationDate: '2025-03-05T10:00:00.000Z' }, fk: {},
      }) as unknown as Payment;
      const paid = { numberFull: 'F0000001', receiverName: 'Hôtel du Parc' };
      expect(paymentEntry(payment('check', 30), paid, customer)).to.deep.equal({
        journal: 'bank', date: '2025-03-02T10:00:00.000Z', pieceRef: 'RC-P4', pieceDate: '2025-03-02T10:00:00.000Z',
        label: 'Règlement Chèque facture F0000001 Hôtel du Parc', validatedAt: '2025-03-05T10:00:00.000Z',
        lines: [{ account: 'bank', debit: '30.00' }, { account: 'customer', auxiliary: customer, credit: '30.00' }],
      });
      expect(paymentEntry(payment('cash', -12.5), paid, customer)!.lines).to.deep.equal([{ account: 'cash', credit: '12.50' }, { account: 'customer', auxiliary: customer, debit: '12.50' }]);
      expect(paymentEntry(payment('gift-card', 20), paid, customer)).to.deep.include({ journal: 'miscellaneous' });
      expect([treasuryOf('credit'), treasuryOf('credit-compensation'), paymentEntry(payment('credit', 5), paid, customer)]).to.deep.equal([null, null, null]);
    });
  });

  describe('fichier', () => {
    const chart = effectiveChart(null);
    const entry = (pieceRef: string, date: string, validatedAt: string, amount = '10.00'): ContributedEntry => ({
      source: 'test', journal: 'sales', date, pieceRef, pieceDate: date, validatedAt, label: `Pièce ${pieceRef}`,
      lines: [{ account: 'customer', debit: amount }, { account: 'salesServices', credit: amount }, { account: 'cash', debit: '0', credit: '' }],
    });
    const year = { firstDay: '2025-01-01', lastDay: '2025-12-31' };

    it('numérote dans l’ordre de validation, sans les lignes à zéro ni les autres exercices', () => {
      const built = buildFec([
        entry('B', '2025-02-01T10:00:00.000Z', '2025-02-03T10:00:00.000Z'),
        entry('A', '2025-02-02T10:00:00.000Z', '2025-02-02T10:00:00.000Z'),
        entry('Z', '2024-12-31T22:59:59.000Z', '2024-12-31T22:59:59.000Z'),
        entry('C', '2025-12-31', '2026-01-05T10:00:00.000Z', '0.00'),
      ], chart, year);
      expect(built.records.map((r) => `${r.EcritureNum} ${r.PieceRef} ${r.CompteNum} ${r.ValidDate}`)).to.deep.equal([
        '1 A 411000 20250202', '1 A 706000 20250202', '2 B 411000 20250203', '2 B 706000 20250203',
      ]);
      expect(built).to.deep.include({ entries: 2, debit: '20.00', credit: '20.00' });
      expect(built.journals).to.deep.equal([{ code: 'VE', label: 'Journal des ventes', entries: 2, debit: '20.00', credit: '20.00' }]);
    });

    it('refuse (409) une écriture déséquilibrée ou illisible, même d’un autre exercice, en nommant la pièce', () => {
      const unbalanced: JournalEntry = { ...entry('X', '2025-05-01', '2025-05-01'), lines: [{ account: 'customer', debit: '10.00' }, { account: 'salesServices', credit: '9.99' }] };
      const error = thrown(() => buildFec([{ ...unbalanced, source: 'purchases' }], chart, year));
      expect(error.status).to.equal(409);
      expect(error.message).to.equal('Export FEC impossible : l’écriture de la pièce « X » (purchases) n’est pas équilibrée : débit 10,00 €, crédit 9,99 €. Aucun fichier n’a été produit.');
      expect(thrown(() => buildFec([{ ...entry('Y', 'demain', '2025-01-01') }], chart, year)).message).to.include('« Y » (test) a une date illisible (date : « demain »)');
      expect(thrown(() => buildFec([{ ...entry('W', '2025-01-01', '2025-01-01', '-10.00') }], chart, year)).message).to.include('« W » (test) a un montant illisible à la ligne 1');
      expect(thrown(() => buildFec([{ ...entry('V', '2025-01-01', '2025-01-01'), journal: 'ventes' }], chart, year)).message).to.include('nomme un journal inconnu (« ventes »)');
    });
  });
});
