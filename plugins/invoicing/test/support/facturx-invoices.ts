/**
 * Invoices as the plugin stores them, made with the commercial-document engine (same lines, totals
 * and settlement as emission), for the tests of the Factur-X generator without HTTP.
 */
import { computeDocument, settleInvoice, type LineInput, type VatCalculationMethod } from '@comptoir/sdk/commerce';
import type { Invoice } from '../../schemas/index.ts';
import type { Receiver, Sender } from '@comptoir/schemas';
import type { FacturXInvoice } from '../../server/services/facturx/index.ts';
import { saleParties } from '../../server/services/documents/vat-categories.ts';

export const SENDER: Sender = {
  name: 'Boulangerie Martin SARL',
  capital: 10000,
  status: 'SARL',
  address: { address: '12 rue de la Paix', city: 'Paris', zipCode: '75002', country: 'France', delivery: true, invoicing: true },
  naf: '1071C',
  siren: '123456789',
  siret: '12345678900012',
  telBusiness: '01 23 45 67 89',
  vatNumber: 'FR12123456789',
};

export const COMPANY_BUYER: Receiver = {
  company: 'Café du Port SAS',
  civ: 'Mme',
  firstname: 'Anne',
  name: 'Lefèvre',
  vatNumber: 'FR40303265045',
  invoicingAddress: { address: '3 quai de la Douane', zipCode: '29200', city: 'Brest', country: 'France', delivery: true, invoicing: true },
};

export const PERSON_BUYER: Receiver = {
  civ: 'M.',
  firstname: 'Jean',
  name: 'Dupont',
  telMobile: '06 12 34 56 78',
  invoicingAddress: { address: '8 rue des Lilas', zipCode: '69003', city: 'Lyon', country: 'France', delivery: true, invoicing: true },
};

export interface InvoiceSpec {
  items: LineInput[];
  method?: VatCalculationMethod;
  subjectToVAT?: boolean;
  payments?: number[];
  receiver?: Receiver;
  sender?: Sender;
  numberFull?: string;
  date?: string;
  sourceInvoice?: string | null;
  headerTitle?: string;
  headerMessage?: string;
  extra?: Partial<Invoice>;
  /**
   * emitted as since issue 13: every line with its VAT category (chosen, else the automatic one of
   * the sender and the receiver); without it, lines as emitted before (no category)
   */
  categorized?: boolean;
}

/** An emitted invoice (or credit note, when its total is negative) as stored. */
export function storedInvoice(spec: InvoiceSpec): FacturXInvoice {
  const subjectToVAT = spec.subjectToVAT ?? true;
  const vatCalculationMethod = spec.method ?? 'rounded-total';
  const vatSale = spec.categorized ? saleParties(spec.sender ?? SENDER, spec.receiver ?? COMPANY_BUYER) : undefined;
  const doc = computeDocument({ items: spec.items, subjectToVAT, vatCalculationMethod, vatSale });
  const { paidAmount, unpaidAmount } = settleInvoice(doc, (spec.payments ?? []).map((amount) => ({ amount })));
  return {
    numberFull: spec.numberFull ?? 'F0000042',
    date: spec.date ?? '2026-04-02T09:00:00.000Z',
    subjectToVAT,
    vatCalculationMethod,
    ...doc,
    paidAmount,
    unpaidAmount,
    sender: spec.sender ?? SENDER,
    receiver: spec.receiver ?? COMPANY_BUYER,
    itemsTypeForDeclaration: 'default',
    headerTitle: spec.headerTitle,
    headerMessage: spec.headerMessage,
    fk: {
      company: '0123456789abcdef01234567', receiverCustomer: null, linkedPurchases: [], fromQuotation: null,
      invoiceTemplateId: null, receipt: null, sourceInvoice: spec.sourceInvoice ?? null, bankOperationsSuggestions: [],
    },
    ...spec.extra,
  } as FacturXInvoice;
}

/** The credit note of some lines of an invoice: the same lines with their quantities negated. */
export function creditNoteOf(source: FacturXInvoice, uuids?: string[], numberFull = 'F0000043'): FacturXInvoice {
  const lines = source.items.filter((l) => !uuids || uuids.includes(l.uuid)).map((l) => ({ ...l, quantity: -l.quantity }));
  return storedInvoice({
    items: lines,
    method: source.vatCalculationMethod,
    subjectToVAT: source.subjectToVAT,
    receiver: source.receiver,
    sender: source.sender,
    numberFull,
    date: '2026-04-20T10:00:00.000Z',
    sourceInvoice: 'aaaaaaaaaaaaaaaaaaaaaaaa',
    headerTitle: 'Avoir',
    headerMessage: `Avoir sur la facture n° ${source.numberFull} du 02/04/2026.`,
    categorized: source.items.some((l) => !!l.vatCategory),
  });
}

/** A small deterministic generator (mulberry32): the same « random » invoices on every run. */
export function seeded(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const RATES = [20, 10, 5.5, 2.1, 0];
const QUANTITIES = [1, 1, 2, 3, 0.5, 1.25, 12, 250, 1000, 0.333];

/** Lines a French shop types: prices excl. or incl. taxes, the four French rates and 0 %, some discounts. */
export function randomLines(rand: () => number): LineInput[] {
  const count = 1 + Math.floor(rand() * 8);
  return Array.from({ length: count }, (_, i) => {
    const cents = 1 + Math.floor(rand() * 50000);
    const price = (rand() < 0.1 ? -1 : 1) * cents / 100;
    const line: LineInput = {
      labelPrimary: `Article ${i + 1}`,
      quantity: QUANTITIES[Math.floor(rand() * QUANTITIES.length)],
      vat: RATES[Math.floor(rand() * RATES.length)],
      type: rand() < 0.5 ? 'good' : 'service',
    } as LineInput;
    if (rand() < 0.5) line.inclTaxesPrice = price;
    else line.exclTaxesPrice = price;
    return line;
  });
}
