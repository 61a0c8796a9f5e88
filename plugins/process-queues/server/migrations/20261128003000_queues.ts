/** The tables of « Files de traitement ». A snapshot of the schema: later changes are new migrations. */
import { createEntityTable, type Migration } from '@comptoir/sdk';

export const queuesMigration: Migration = {
  name: '20261128003000_queues',
  async up(db) {
    await createEntityTable(db, 'process_queues_queues', {
      name: 'string',
      typeIdentifier: 'string',
      activated: 'bool',
      plugins: 'json',
    }, { companyScoped: true, indexes: [['fk_company', 'name', '_id'], ['fk_company', 'typeIdentifier', '_id']] });
    await createEntityTable(db, 'process_queues_runs', {
      fk_queue: 'id',
      key: 'string',
      status: 'string',
      currentNode: 'string',
      pendingExit: 'string',
      state: 'json',
      visits: 'json',
      stepCount: 'int',
      startedAt: 'date',
      endedAt: 'date',
      error: 'text',
    }, {
      companyScoped: true,
      indexes: [['fk_company', 'fk_queue', 'startedAt'], ['fk_company', 'status', '_id']],
      // one run per queue and key (a call id): the backstop of the lock taken in the engine
      unique: [['fk_company', 'fk_queue', 'key']],
    });
    await createEntityTable(db, 'process_queues_steps', {
      fk_queue: 'id',
      fk_run: 'id',
      index: 'int',
      nodeUuid: 'string',
      pluginIdentifier: 'string',
      result: 'string',
      exit: 'string',
      resumed: 'bool',
      input: 'json',
      output: 'json',
      error: 'text',
      date: 'date',
    }, { companyScoped: true, indexes: [['fk_company', 'fk_run', 'index']] });
  },
  async down(db) {
    await db.schema.dropTableIfExists('process_queues_steps');
    await db.schema.dropTableIfExists('process_queues_runs');
    await db.schema.dropTableIfExists('process_queues_queues');
  },
};
