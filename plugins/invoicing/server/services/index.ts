/** The plugin's services, by name (resolved by routes as `req.resolve('<name>')`). */
import type { CallContext } from '@comptoir/sdk';
import { draftsService } from './drafts.ts';
import { emissionService } from './emission.ts';
import { paymentsService } from './payments.ts';
import { copiesService } from './corrective.ts';
import { quotationsService } from './quotations.ts';
import { createCreditNote } from './credit.ts';

export const creditsService = (ctx: CallContext) => ({
  create: (invoiceId: string, items?: string[]) => createCreditNote(ctx, invoiceId, items),
});
export type CreditsService = ReturnType<typeof creditsService>;

export const SERVICES = {
  drafts: draftsService,
  emission: emissionService,
  payments: paymentsService,
  credits: creditsService,
  copies: copiesService,
  quotations: quotationsService,
};
