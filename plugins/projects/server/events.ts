/**
 * Business events of « Projets », published on the bus after commit. The repository also publishes
 * `projects.<collection>.created|updated|deleted` on every write.
 */
import type { EventDefinition } from '@comptoir/sdk';

export const ITEM_PROGRESSED = 'projects.item.progressed';
export const TIME_INVOICED = 'projects.working-times.invoiced';

export const EVENTS: EventDefinition[] = [
  { name: ITEM_PROGRESSED, description: 'L’avancement d’une idée ou d’un incident a changé.' },
  { name: TIME_INVOICED, description: 'Du temps passé a été mis sur une facture.' },
];

/** Kinds of notifications (spec « PushNotification setting »): each user chooses how they come. */
export const NOTICE_ACTIVITY = 'projects.item-activity';
export const NOTICE_HELP = 'projects.help-request';
