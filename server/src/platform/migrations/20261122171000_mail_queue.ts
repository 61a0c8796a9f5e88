/**
 * The outgoing mail queue (platform README « Mail »): a message is recorded in the caller's transaction
 * and delivered after the commit by the in-process worker (server/src/mail/worker.ts), with retries.
 */
import type { Migration } from '@comptoir/sdk';
import { createEntityTable } from '@comptoir/sdk';

export const mailQueue: Migration = {
  name: '20261122171000_mail_queue',
  async up(db) {
    await createEntityTable(db, 'kernel_mail_queue', {
      to: 'json', subject: 'string', text: 'text', html: 'text', attachments: 'json',
      status: 'string', attempts: 'int', nextAttemptAt: 'date', lastError: 'text', sentAt: 'date', messageId: 'string',
    }, { companyScoped: true, indexes: [['status', 'nextAttemptAt']] });
  },
  async down(db) {
    await db.schema.dropTableIfExists('kernel_mail_queue');
  },
};
