/**
 * Notifications kept for their recipients (platform README « Notifications »): the notification centre
 * lists a user's unread and recent ones, newest first; live-only ones are purged after expiration.
 */
import type { Migration } from '@comptoir/sdk';
import { createEntityTable } from '@comptoir/sdk';

export const notifications: Migration = {
  name: '20261124110000_notifications',
  async up(db) {
    await createEntityTable(db, 'kernel_notifications', {
      type: 'string', title: 'string', content: 'text', choices: 'json', priority: 'string', style: 'string',
      liveOnly: 'bool', internal: 'bool', timeToLive: 'int', sender: 'id', date: 'date',
      kind: 'string', batch: 'id', read: 'bool', readDate: 'date', expiration: 'date', fk_user: 'id',
    }, {
      companyScoped: true,
      indexes: [
        // the centre: my kept notifications, newest first, and the unread count
        ['fk_company', 'fk_user', 'liveOnly', 'read', 'date'],
        ['fk_company', 'fk_user', 'liveOnly', 'date', '_id'],
        ['batch'],
        ['liveOnly', 'expiration'],
      ],
    });
  },
  async down(db) {
    await db.schema.dropTableIfExists('kernel_notifications');
  },
};
