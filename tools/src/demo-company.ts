/**
 * The French demo company offered by `npm start` and seeded by `npm run seed-demo`. Its login is the
 * kernel's (the kernel knows it to keep it from ever holding a global role); its user is only
 * « Administrateur » of this company.
 */
import type { DemoRequest } from '@comptoir/server';

export { DEMO_LOGIN } from '@comptoir/server';

const YEAR = new Date().getUTCFullYear();

export const DEMO_COMPANY = {
  name: 'Boulangerie Martin SARL',
  brandName: 'Au Bon Pain de Lyon',
  subjectToVAT: true,
  capital: 10000,
  siren: '824671531',
  siret: '82467153100013',
  naf: '1071C',
  rm: '824 671 531 RM 69',
  rcs: 'Lyon B 824 671 531',
  vatNumber: 'FR20824671531',
  iban: 'FR7630006000011234567890189',
  bic: 'AGRIFRPPXXX',
  paymentTermsDays: 30,
  status: 'SARL',
  email: 'contact@boulangerie-martin.fr',
  telBusiness: '+33 4 78 00 00 00',
  telMobile: '+33 6 00 00 00 00',
  address: {
    name: 'Siège', address: '12 rue de la République', zipCode: '69002', city: 'Lyon', country: 'France',
    delivery: true, invoicing: true,
  },
  invoiceFreeData: 'Paiement à 30 jours. Pénalités de retard : trois fois le taux d’intérêt légal. Indemnité forfaitaire pour frais de recouvrement : 40 €.',
  // the demo's documents span last year and this one (plugins/invoicing/server/seed.ts)
  fiscalYears: [YEAR - 1, YEAR].map((y) => ({ name: `Exercice ${y}`, startDate: `${y}-01-01T00:00:00.000Z`, endDate: `${y}-12-31T23:59:59.999Z` })),
} as const;

/** What `createKernel({ demo })` and `kernel.seedDemo` take. */
export const DEMO_SEED: DemoRequest = { company: DEMO_COMPANY, firstname: 'Camille', name: 'Martin' };
