/** Events of « Banque » (besides the created/updated/deleted of every entity). */
import type { EventDefinition } from '@comptoir/sdk';

/** a statement was imported: `{ _id, format, added, duplicates, accounts: [ids] }` */
export const STATEMENT_IMPORTED = 'banking.statement.imported';

export const EVENTS: EventDefinition[] = [
  { name: STATEMENT_IMPORTED, description: 'Un relevé bancaire a été importé' },
];
