/** The services of « Projets » by name: what the routes resolve. */
import type { CallContext } from '@comptoir/sdk';
import { projectsService, userSettingsService } from './projects/projects.ts';
import { itemsService } from './items/items.ts';
import { commentsService } from './comments/comments.ts';
import { interventionsService } from './comments/interventions.ts';
import { workingTimesService } from './time/working-times.ts';
import { invoiceTimeService } from './time/invoice-time.ts';
import { myOpenItems } from './dashboard/my-tasks.ts';

export const SERVICES = {
  projects: projectsService,
  userSettings: userSettingsService,
  items: itemsService,
  comments: commentsService,
  interventions: interventionsService,
  workingTimes: workingTimesService,
  invoiceTime: invoiceTimeService,
  myTasks: (ctx: CallContext) => ({ list: async () => ({ data: ctx.caller.userId ? await myOpenItems(ctx, ctx.caller.userId) : [] }) }),
};
