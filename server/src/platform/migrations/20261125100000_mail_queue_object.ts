/**
 * A queued message may be about a record (an invoice sent to its customer): its delivery's
 * `emailSent` Activity then points at that record (`fk.object`, `objectType`), so the record's
 * history shows « E-mail envoyé à … ».
 */
import { addColumn, type Migration } from '@comptoir/sdk';

export const mailQueueObject: Migration = {
  name: '20261125100000_mail_queue_object',
  async up(db) {
    await db.schema.alterTable('kernel_mail_queue', (t) => {
      addColumn(t, 'objectId', 'id');
      addColumn(t, 'objectType', 'string');
    });
  },
  async down(db) {
    await db.schema.alterTable('kernel_mail_queue', (t) => {
      t.dropColumn('objectId');
      t.dropColumn('objectType');
    });
  },
};
