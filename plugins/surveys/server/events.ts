/**
 * Business events of « Questionnaires », published on the bus after commit. The repository also
 * publishes `surveys.<collection>.created|updated|deleted` on every write.
 */
import type { EventDefinition } from '@comptoir/sdk';

export const RESULT_SUBMITTED = 'surveys.result.submitted';

export const EVENTS: EventDefinition[] = [
  { name: RESULT_SUBMITTED, description: 'Une réponse à un questionnaire a été enregistrée (payload : _id, survey, testMode).' },
];

/** Kind of notification (spec « PushNotification setting »): each user chooses how it comes. */
export const NOTICE_RESULT = 'surveys.result-submitted';
