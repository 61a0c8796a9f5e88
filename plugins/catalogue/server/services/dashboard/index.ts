/** The « products and services » step of a new company's checklist (home page, sdk/src/dashboard.ts). */
import { contribute, firstSteps, type Contribution, type FirstStep } from '@comptoir/sdk';
import { Items } from '../../entities.ts';
import { MANAGE } from '../../permissions.ts';

export const CATALOGUE_FIRST_STEPS: FirstStep[] = [
  {
    key: 'first-item', order: 30, permission: MANAGE,
    label: 'Ajoutez vos produits et services', description: 'Leurs prix et leur TVA, à reprendre en un clic sur vos documents.',
    link: '/catalogue/nouveau',
    done: async (ctx) => (await ctx.repo(Items).count()) > 0,
  },
];

export const dashboardContributions: Contribution<FirstStep>[] = CATALOGUE_FIRST_STEPS.map((s) => contribute(firstSteps, s));
