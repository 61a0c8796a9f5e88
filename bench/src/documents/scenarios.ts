/**
 * The documents suite's requests: the printed invoice, its Factur-X and its XML, the integrity
 * verifier, the FEC of a year. Each is sent as is to the kernel (with the session) and to the
 * floor. The measured invoice is made through the API by the suite (suite.ts): ten lines at two
 * VAT rates, for a company customer, emitted, partly paid.
 */

/** What a bakery's catering invoice holds: ten lines, 5.5 % (food) and 20 % (services, goods not food). */
export const MEASURED_LINES = [
  { labelPrimary: 'Buffet traiteur (par personne)', labelSecondary: 'Séminaire du 12 novembre', quantity: 45, vat: 5.5, exclTaxesPrice: 21.8, type: 'good' },
  { labelPrimary: 'Viennoiseries assorties (plateau de 24)', quantity: 6, vat: 5.5, exclTaxesPrice: 28.9, type: 'good' },
  { labelPrimary: 'Pain de campagne 800 g', quantity: 12, vat: 5.5, exclTaxesPrice: 3.6, type: 'good' },
  { labelPrimary: 'Gâteau d’anniversaire sur commande', labelSecondary: 'Framboisier, 20 parts', quantity: 2, vat: 5.5, exclTaxesPrice: 42, type: 'good' },
  { labelPrimary: 'Café en grains, 1 kg', quantity: 3, vat: 5.5, exclTaxesPrice: 17.2, type: 'good' },
  { labelPrimary: 'Confiture artisanale 370 g', quantity: 24, vat: 5.5, exclTaxesPrice: 4.85, type: 'good' },
  { labelPrimary: 'Livraison en centre-ville', quantity: 1, vat: 20, exclTaxesPrice: 12, type: 'service' },
  { labelPrimary: 'Location de matériel (journée)', labelSecondary: 'Percolateurs et chafing-dishes', quantity: 2, vat: 20, exclTaxesPrice: 95, type: 'service' },
  { labelPrimary: 'Coffret cadeau « Douceurs »', quantity: 10, vat: 20, exclTaxesPrice: 39.9, type: 'good' },
  { labelPrimary: 'Emballages kraft personnalisés (lot de 500)', quantity: 1, vat: 20, exclTaxesPrice: 129.5, type: 'good' },
];

/** The fiscal year exported by e1: the last calendar year the data set covers whole (it ends 2026-11-01). */
export const FEC_YEAR = 2025;

export interface DocumentScenario {
  id: string;
  title: string;
  about: string;
  /** path and query on the kernel, from its root */
  kernelPath: string;
  floorPath: string;
  /** the integrity walk and the FEC: a few requests, two at a time, not a duration of load */
  long?: boolean;
}

export function documentScenarios(invoiceId: string, numberFull: string, volumes: { numbered: number; payments: number; fecInvoices: number; fecPayments: number }): DocumentScenario[] {
  const inv = `/api/invoicing/invoices/${invoiceId}`;
  const n = (x: number) => x.toLocaleString('en-US');
  return [
    {
      id: 'p1', title: `PDF of ${numberFull} (10 lines, 2 VAT rates, as emitted)`,
      about: 'the printed invoice: the kernel serves the e-invoice frozen at emission (its stored Factur-X, checked against its SHA-256); the floor renders the same PdfDocument held in memory',
      kernelPath: `${inv}/pdf`, floorPath: '/pdf',
    },
    {
      id: 'x1', title: `Factur-X of ${numberFull} (PDF/A-3 + CII XML)`,
      about: 'the e-invoice: the kernel serves the stored Factur-X frozen at emission (rendered once, after the emission); the floor builds the XML and renders from memory at each request',
      kernelPath: `${inv}/facturx`, floorPath: '/facturx',
    },
    {
      id: 'x2', title: `CII XML of ${numberFull}`,
      about: 'the XML alone: the same loading, the XML built; the floor builds it from memory',
      kernelPath: `${inv}/xml`, floorPath: '/xml',
    },
    {
      id: 'v1', title: `integrity: ${n(volumes.numbered)} invoices + ${n(volumes.payments)} payments`, long: true,
      about: 'the integrity verifier walking every chain of the company (500 rows a page through the list cursor); the floor reads each chain with one statement and recomputes the same SHA-256 links',
      kernelPath: '/api/invoicing/integrity', floorPath: '/integrity',
    },
    {
      id: 'e1', title: `FEC ${FEC_YEAR}: ${n(volumes.fecInvoices)} invoices + ${n(volumes.fecPayments)} payments`, long: true,
      about: `the accountant's file of fiscal year ${FEC_YEAR} (calendar year); the floor reads invoices and payments with one joined statement each and writes the lines as text`,
      kernelPath: `/api/invoicing/fec?fiscalYear=${FEC_YEAR}`, floorPath: `/fec?fiscalYear=${FEC_YEAR}`,
    },
  ];
}
