/** The « first customer » step of a new company's checklist (home page, sdk/src/dashboard.ts). */
import { contribute, firstSteps, type Contribution, type FirstStep } from '@comptoir/sdk';
import { Customers } from '../../entities.ts';
import { P } from '../../permissions.ts';

export const CONTACTS_FIRST_STEPS: FirstStep[] = [
  {
    key: 'first-customer', order: 20, permission: P.customersManage,
    label: 'Créez votre premier client', description: 'Son nom, son adresse et son e-mail, repris sur vos devis et factures.',
    link: '/clients/nouveau',
    // archived ones count: the company did create a customer
    done: async (ctx) => (await ctx.repo(Customers).count()) > 0,
  },
];

export const dashboardContributions: Contribution<FirstStep>[] = CONTACTS_FIRST_STEPS.map((s) => contribute(firstSteps, s));
