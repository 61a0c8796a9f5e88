/**
 * Errors that are kept, not only logged, carry no bound values either (kernel README « Errors in
 * logs and on the console »): the MigrationError that stops a boot (printed by `npm start`) and the
 * `lastError` of a failed job run (shown to administrators with the job list). Real database errors
 * on SQLite, or MariaDB with DATABASE_URL: a duplicate row holding an argon2id hash and an e-mail
 * (MariaDB names the e-mail in its sentence), and a raw statement written with its values (SQLite
 * repeats the statement). The code and the constraint stay; the values and the statement go.
 */
import { expect } from 'chai';
import type { Knex } from 'knex';
import { createTestKernel, TEST_ADMIN, type TestKernel } from '@comptoir/sdk/testing';
import { MigrationError, migratePlugin } from '../../server/src/db/migrate.ts';
import { recordFailure, JOB_RUNS_TABLE } from '../../server/src/jobs/claims.ts';

const mysql = Boolean(process.env.DATABASE_URL);
const CODE = mysql ? 'ER_DUP_ENTRY' : 'SQLITE_CONSTRAINT_UNIQUE';
const SECRET_EMAIL = 'tresorerie.secrete@exemple.fr';
const SECRET_HASH = '$argon2id$v=19$m=19456,t=2,p=1$c2VsZGVtZXI$aGFjaGFnZWR1bW90ZGVwYXNzZQ';

describe('kernel : erreurs conservées sans valeurs liées', function () {
  this.timeout(60_000);
  let k: TestKernel;
  let adminHash: string;

  before(async () => {
    k = await createTestKernel();
    adminHash = (await k.db('kernel_users').where({ email: TEST_ADMIN.email }).first()).password;
  });
  after(() => k?.stop());

  const expectNoValue = (text: string) => {
    for (const secret of [SECRET_EMAIL, SECRET_HASH, adminHash, TEST_ADMIN.email, '$argon2']) expect(text).not.to.include(secret);
    expect(text.toLowerCase()).not.to.include('insert into');
  };

  /** a migration that writes a row twice: the second breaks the unique index */
  const failing = (name: string, write: (db: Knex, table: string) => Promise<unknown>) => [{
    name,
    async up(db: Knex) {
      await db.schema.createTable('essai_secrets', (t) => { t.string('email', 255).unique(); t.string('hash', 255); });
      for (let i = 0; i < 2; i++) await write(db, 'essai_secrets');
    },
    async down(db: Knex) { await db.schema.dropTableIfExists('essai_secrets'); },
  }];

  for (const [how, write] of [
    ['des valeurs liées', (db: Knex, table: string) => db(table).insert({ email: SECRET_EMAIL, hash: SECRET_HASH })],
    ['des valeurs écrites dans la requête', (db: Knex, table: string) => db.raw(`insert into ${table} (email, hash) values ('${SECRET_EMAIL}', '${SECRET_HASH}')`)],
  ] as const) {
    it(`MigrationError : la migration qui échoue sur ${how} est nommée, avec le code, sans e-mail ni hachage`, async () => {
      let error: unknown = null;
      try {
        await migratePlugin(k.db, 'essai', failing('20261127120000_secrets', write));
      } catch (e) { error = e; }
      expect(error).to.be.instanceOf(MigrationError);
      const message = (error as Error).message;
      expect(message).to.match(/^Plugin « essai » : échec de la migration/);
      expect(message).to.include(CODE);
      expectNoValue(message);
      expect(await k.db.schema.hasTable('essai_secrets'), 'the batch was undone').to.equal(false);
    });
  }

  it('lastError d’un travail : le code et la contrainte, ni e-mail ni hachage ni requête', async () => {
    await k.db.schema.createTable('essai_travaux', (t) => { t.string('email', 255).unique(); t.string('hash', 255); });
    await k.db('essai_travaux').insert({ email: SECRET_EMAIL, hash: SECRET_HASH });
    const errors: Error[] = [];
    // MariaDB names the duplicated e-mail; SQLite repeats a statement written with its values
    await k.db('essai_travaux').insert({ email: SECRET_EMAIL, hash: SECRET_HASH }).catch((e: Error) => errors.push(e));
    await k.db.raw(`insert into essai_travaux (email, hash) values ('${SECRET_EMAIL}', '${SECRET_HASH}')`).catch((e: Error) => errors.push(e));
    expect(errors).to.have.length(2);
    for (const [i, error] of errors.entries()) {
      const target = { job: 'essai.secrets', key: `cle-${i}`, occurrence: new Date(Date.UTC(2026, 10, 27, 9)), companyId: null };
      await recordFailure(k.db, target, 1, error, new Date(), 3);
      const row = await k.db(JOB_RUNS_TABLE).where({ job: target.job, key: target.key }).first();
      expect(row.status).to.equal('failed');
      expect(row.lastError).to.include(CODE);
      expect(row.lastError).to.match(/essai_travaux/);
      expectNoValue(row.lastError);
    }
  });
});
