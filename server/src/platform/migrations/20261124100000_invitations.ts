/** Invitations and their requests (platform README « Invitations »). */
import type { Migration } from '@comptoir/sdk';
import { createEntityTable } from '@comptoir/sdk';

export const invitations: Migration = {
  name: '20261124100000_invitations',
  async up(db) {
    await createEntityTable(db, 'kernel_invitations', {
      name: 'string', description: 'text', date: 'date', maxUsage: 'int', currentUsageCount: 'int',
      manualRequestChecking: 'bool', active: 'bool', keyHash: 'string', fk_roles: 'json',
    }, { companyScoped: true, unique: [['keyHash']], indexes: [['fk_company', 'name', '_id']] });
    await createEntityTable(db, 'kernel_invitation_requests', {
      status: 'string', date: 'date', description: 'text', userEmail: 'string', providedInformation: 'json',
      fk_invitation: 'id', fk_user: 'id', fk_acceptedOrRejectedBy: 'id',
    }, {
      companyScoped: true,
      indexes: [['fk_company', 'status', '_id'], ['fk_invitation', 'fk_user', '_id'], ['fk_user', '_id']],
    });
  },
  async down(db) {
    await db.schema.dropTableIfExists('kernel_invitation_requests');
    await db.schema.dropTableIfExists('kernel_invitations');
  },
};
