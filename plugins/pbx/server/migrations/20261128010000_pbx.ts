/**
 * The tables of « Téléphonie » (issue 20 items 3–5). A snapshot: later changes are new migrations.
 */
import { createEntityTable, type Migration } from '@comptoir/sdk';

const TABLES = [
  'pbx_times_of_year', 'pbx_playlists', 'pbx_number_lists', 'pbx_contexts', 'pbx_servers', 'pbx_users', 'pbx_dial_plans',
  'pbx_sip_numbers', 'pbx_scrappers', 'pbx_calls', 'pbx_call_events', 'pbx_pre_pickup_choices',
];

export const pbx: Migration = {
  name: '20261128010000_pbx',
  async up(db) {
    const named = { companyScoped: true, indexes: [['fk_company', 'name', '_id']] };
    await createEntityTable(db, 'pbx_times_of_year', { name: 'string', start: 'json', end: 'json', enabled: 'bool' }, named);
    await createEntityTable(db, 'pbx_playlists', { name: 'string', items: 'json', fk_server: 'id' }, named);
    await createEntityTable(db, 'pbx_number_lists', { name: 'string', description: 'text', numbers: 'json', color: 'string' }, named);
    await createEntityTable(db, 'pbx_contexts', { name: 'string', description: 'text', file: 'string', props: 'json', fk_queue: 'id' }, named);
    await createEntityTable(db, 'pbx_servers', { name: 'string', host: 'string', port: 'int', secretKey: 'string', https: 'bool', attachments: 'json' }, named);
    await createEntityTable(db, 'pbx_users', {
      username: 'string', number: 'string', callerid: 'string', context: 'string', mailbox: 'string', type: 'string', host: 'string',
      props: 'json', secret: 'string', fk_server: 'id', fk_user: 'id',
    }, { companyScoped: true, indexes: [['fk_company', 'username', '_id'], ['fk_company', 'fk_user']], unique: [['fk_company', 'username']] });
    await createEntityTable(db, 'pbx_dial_plans', { name: 'string', description: 'text', extens: 'json' }, named);
    await createEntityTable(db, 'pbx_sip_numbers', { number: 'string', password: 'string', domain: 'string', port: 'int', expiry: 'int' },
      { companyScoped: true, indexes: [['fk_company', 'number', '_id']] });
    await createEntityTable(db, 'pbx_scrappers', {
      name: 'string', lanHost: 'string', lanPort: 'int', lanSecured: 'bool', secretkey: 'string', wanHost: 'string', wanPort: 'int',
      wanPortOnDemand: 'int', wanSecured: 'bool', wanSecuredOnDemand: 'bool', serverSide: 'bool', configAddress: 'string', remoteAddress: 'string',
    }, named);
    await createEntityTable(db, 'pbx_calls', {
      asteriskId: 'string', callerNumber: 'string', date: 'date', nextGoto: 'json', requests: 'int', attachments: 'json', waiting: 'bool',
      state: 'string', context: 'string', exten: 'string', path: 'json', position: 'string', visits: 'json', lastInput: 'string',
      identified: 'json', endedAt: 'date', runId: 'string', fk_queue: 'id', fk_potentialHotliners: 'json', fk_lists: 'json', fk_postAddedLists: 'json',
    }, {
      companyScoped: true,
      indexes: [['fk_company', 'date', '_id'], ['fk_company', 'state', 'date'], ['fk_company', 'callerNumber', 'date']],
      // one call per Asterisk channel id and company: concurrent first requests of a call make one row
      unique: [['fk_company', 'asteriskId']],
    });
    await createEntityTable(db, 'pbx_call_events', {
      date: 'date', kind: 'string', node: 'string', pluginIdentifier: 'string', exit: 'string', input: 'string', message: 'text', data: 'json',
      fk_call: 'id',
    }, { companyScoped: true, indexes: [['fk_company', 'fk_call', '_id'], ['fk_company', 'date', '_id']] });
    await createEntityTable(db, 'pbx_pre_pickup_choices', {
      action: 'string', delayInMinute: 'int', tts: 'text', createdAt: 'date', requestId: 'string', fk_userId: 'id',
    }, { companyScoped: true, indexes: [['fk_company', 'requestId', '_id']] });
  },
  async down(db) {
    for (const t of [...TABLES].reverse()) await db.schema.dropTableIfExists(t);
  },
};
