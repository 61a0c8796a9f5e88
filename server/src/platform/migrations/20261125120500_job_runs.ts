/**
 * The job scheduler's claims (server/src/jobs/): one row per (job, schedule key, occurrence), unique,
 * inserted by the run's own transaction — what makes an occurrence run once across kernel processes.
 */
import type { Migration } from '@comptoir/sdk';

import { JOB_RUNS_TABLE } from '../../entities/platform.ts';

export const jobRuns: Migration = {
  name: '20261125120500_job_runs',
  async up(db) {
    await db.schema.createTable(JOB_RUNS_TABLE, (t) => {
      t.string('_id', 24).primary();
      t.string('job', 100).notNullable();
      t.string('key', 150).notNullable();
      t.string('occurrence', 24).notNullable();
      t.string('fk_company', 24);
      /** done | failed | missed */
      t.string('status', 20).notNullable();
      t.integer('attempts').notNullable();
      t.string('nextAttemptAt', 24);
      t.text('lastError');
      t.string('metadata_creationDate', 24).notNullable();
      t.string('metadata_lastModificationDate', 24).notNullable();
      t.unique(['job', 'key', 'occurrence'], { indexName: 'kernel_job_runs_occurrence_uq' });
      t.index(['job', 'status', 'metadata_creationDate'], 'kernel_job_runs_prune_idx');
      if (db.client.config.client === 'mysql2') {
        t.charset('utf8mb4');
        t.collate('utf8mb4_bin');
      }
    });
  },
  async down(db) {
    await db.schema.dropTableIfExists(JOB_RUNS_TABLE);
  },
};
