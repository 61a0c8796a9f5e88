/**
 * The first start's lock itself (server/src/db/locks.ts): on SQLite, a transaction becomes the
 * writer even when another connection to the file writes for longer than one busy_timeout (5 s),
 * and then reads what it committed; on MariaDB, `withNamedLock` lets one holder at a time in.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect } from 'chai';
import { Worker } from 'node:worker_threads';
import type { Knex } from 'knex';
import { throwawayDatabase, type ThrowawayDatabase } from '@comptoir/sdk/testing';
import { openDatabase } from '../../server/src/db/connect.ts';
import { becomeWriter, withNamedLock } from '../../server/src/db/locks.ts';

const mysql = Boolean(process.env.DATABASE_URL);

describe('kernel : le verrou du premier démarrage', function () {
  this.timeout(60_000);

  it('SQLite : devient l’écrivain après un autre qui écrit plus longtemps qu’un busy_timeout, et lit ce qu’il a écrit', async function () {
    if (mysql) this.skip(); // SQLite only: MariaDB is the next test
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'comptoir-lock-'));
    const db: Knex = openDatabase({ databaseUrl: null, dataDir: dir });
    try {
      await db.schema.createTable('compteur', (t) => { t.integer('n'); });
      await db('compteur').insert({ n: 0 });
      // another process's long write: a connection of its own, in a thread of its own, holding the write lock 6 s
      const other = new Worker(`
        const Database = require('better-sqlite3');
        const { parentPort, workerData } = require('node:worker_threads');
        const db = new Database(workerData);
        db.exec('BEGIN IMMEDIATE');
        db.prepare('UPDATE compteur SET n = n + 1').run();
        parentPort.postMessage('locked');
        setTimeout(() => { db.exec('COMMIT'); db.close(); parentPort.postMessage('released'); }, 6000);
      `, { eval: true, workerData: path.join(dir, 'comptoir.sqlite') });
      const released = new Promise<void>((resolve) => other.on('message', (m: string) => { if (m === 'released') resolve(); }));
      await new Promise<void>((resolve) => other.once('message', () => resolve()));
      const started = Date.now();
      const seen = await db.transaction(async (trx) => {
        await becomeWriter(trx, 'compteur');
        const { n } = await trx('compteur').first();
        await trx('compteur').update({ n: n + 1 });
        return n as number;
      });
      await released;
      await other.terminate();
      expect(Date.now() - started).to.be.greaterThan(5500);
      expect(seen).to.equal(1);
      expect((await db('compteur').first()).n).to.equal(2);
    } finally {
      await db.destroy();
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  describe('MariaDB', () => {
    let tdb: ThrowawayDatabase;
    let db: Knex;
    before(async function () {
      if (!mysql) this.skip(); // needs DATABASE_URL
      tdb = await throwawayDatabase();
      db = openDatabase({ databaseUrl: tdb.url, dataDir: tdb.dataDir });
    });
    after(async () => { await db?.destroy(); await tdb?.drop(); });

    it('un détenteur à la fois : dix demandes simultanées ne se chevauchent jamais', async () => {
      let inside = 0;
      let most = 0;
      const timeout = () => new Error('timeout');
      await Promise.all(Array.from({ length: 10 }, () => withNamedLock(db, 'comptoir_first_start_test', 30, async () => {
        most = Math.max(most, ++inside);
        await new Promise((r) => setTimeout(r, 30));
        inside--;
      }, timeout)));
      expect(most).to.equal(1);
    });

    it('le verrou est celui de la base : une autre base du même serveur n’attend pas', async () => {
      const other = await throwawayDatabase();
      const otherDb = openDatabase({ databaseUrl: other.url, dataDir: other.dataDir });
      try {
        const timeout = () => new Error('timeout');
        await withNamedLock(db, 'comptoir_first_start_test', 5, async () => {
          // held here; the other database's holder gets in at once (1 s at most)
          expect(await withNamedLock(otherDb, 'comptoir_first_start_test', 1, async () => 'entré', timeout)).to.equal('entré');
          // this database's second holder does not
          let refused: unknown = null;
          const sameDb = openDatabase({ databaseUrl: tdb.url, dataDir: tdb.dataDir });
          try { await withNamedLock(sameDb, 'comptoir_first_start_test', 1, async () => 'entré', timeout); } catch (e) { refused = e; } finally { await sameDb.destroy(); }
          expect((refused as Error | null)?.message).to.equal('timeout');
        }, timeout);
      } finally {
        await otherDb.destroy();
        await other.drop();
      }
    });
  });
});
