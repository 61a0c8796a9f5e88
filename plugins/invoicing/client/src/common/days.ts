/** Days of the date inputs and instants of the API: the screen kit's (`@comptoir/sdk/react`), shared with the other plugins. */
export { addDays, dayOf, endOfDay, noonOf, startOfDay, today } from '@comptoir/sdk/react';
