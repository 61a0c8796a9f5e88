/** Platform tables of the kernel (platform README « Entities »). A snapshot: later changes are new migrations. */
import type { Migration } from '@comptoir/sdk';
import { createEntityTable } from '@comptoir/sdk';

const TABLES = [
  'kernel_activities', 'kernel_smtp_settings', 'kernel_company_settings', 'kernel_companies',
  'kernel_server_settings', 'kernel_confirmation_codes', 'kernel_access_tokens', 'kernel_roles',
  'kernel_sessions', 'kernel_user_company_profiles', 'kernel_users',
];

export const platform: Migration = {
  name: '20261121000000_platform',
  async up(db) {
    await createEntityTable(db, 'kernel_users', {
      civ: 'string', name: 'string', firstname: 'string', company: 'string', birthdate: 'date', email: 'string',
      password: 'string', gender: 'string', telHome: 'string', telMobile: 'string', telFax: 'string', addresses: 'json',
      nickname: 'string', roles: 'json', systemNickname: 'string', socialLogins: 'json', settings: 'json',
      pushNotificationsSettings: 'json', attachments: 'json', fk_companies: 'json',
    }, { unique: [['email']], indexes: [['name', '_id']] });
    await createEntityTable(db, 'kernel_user_company_profiles', {
      name: 'string', firstname: 'string', comment: 'text', email: 'string', alias: 'string', phones: 'json',
      addresses: 'json', nickname: 'string', gender: 'string', attachments: 'json', fk_user: 'id',
    }, { companyScoped: true, unique: [['fk_company', 'fk_user']], indexes: [['fk_user', 'fk_company']] });
    await createEntityTable(db, 'kernel_sessions', {
      tokenHash: 'string', name: 'string', userId: 'id', expiration: 'date', lastAction: 'date', deviceInfo: 'json',
      revoked: 'bool', revokedAt: 'date',
    }, { unique: [['tokenHash']], indexes: [['userId', '_id']] });
    await createEntityTable(db, 'kernel_roles', {
      name: 'string', permissions: 'json', mode: 'string', god: 'bool', fk_company: 'id',
    }, { indexes: [['fk_company', '_id']] });
    await createEntityTable(db, 'kernel_access_tokens', {
      name: 'string', generatedByUser: 'id', tokenHash: 'string', fk_linkedObject: 'id',
    }, { unique: [['tokenHash']], indexes: [['generatedByUser', '_id']] });
    await createEntityTable(db, 'kernel_confirmation_codes', {
      code: 'string', date: 'date', newAccount: 'bool', userId: 'id', customerId: 'id', type: 'string',
    }, { indexes: [['userId']] });
    await createEntityTable(db, 'kernel_server_settings', {
      enabled: 'bool', name: 'string', globalPermissions: 'json',
    });
    await createEntityTable(db, 'kernel_companies', {
      name: 'string', brandName: 'string', subjectToVAT: 'bool', address: 'json', capital: 'money', siret: 'string',
      siren: 'string', naf: 'string', rm: 'string', vatNumber: 'string', status: 'string', email: 'string',
      telBusiness: 'string', telMobile: 'string', vatCalculationMethod: 'string', invoiceFreeData: 'text',
      receiptFreeData: 'text', correctiveInvoiceCustomMessage: 'text', fiscalYears: 'json', attachments: 'json',
      numbering: 'json',
    }, { indexes: [['name', '_id']] });
    await createEntityTable(db, 'kernel_company_settings', {
      defaultPhoneNumberCountryCode: 'string', addressAutocomplete: 'json',
    }, { companyScoped: true, unique: [['fk_company']] });
    await createEntityTable(db, 'kernel_smtp_settings', {
      host: 'string', port: 'int', secure: 'bool', auth: 'json', tls: 'json',
    }, { companyScoped: true, unique: [['fk_company']] });
    await createEntityTable(db, 'kernel_activities', {
      date: 'date', type: 'string', data: 'json', tags: 'json', by: 'id', description: 'text', objectType: 'string',
      fk_companies: 'json', fk_company: 'id', fk_object: 'id', fk_by: 'id',
    }, { indexes: [['fk_company', '_id'], ['fk_object', '_id']] });
  },
  async down(db) {
    for (const t of TABLES) await db.schema.dropTableIfExists(t);
  },
};
