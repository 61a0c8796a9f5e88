/** The home page contributions of « Facturation » (definePlugin({ contributions })). */
import { contribute, dashboardWidgets, firstSteps, type Contribution } from '@comptoir/sdk';
import { INVOICING_FIRST_STEPS, INVOICING_WIDGETS } from './widgets.ts';

export const dashboardContributions: Contribution<unknown>[] = [
  ...INVOICING_WIDGETS.map((w) => contribute(dashboardWidgets, w)),
  ...INVOICING_FIRST_STEPS.map((s) => contribute(firstSteps, s)),
] as Contribution<unknown>[];
