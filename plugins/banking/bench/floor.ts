/**
 * The floors (README of this folder): the same work with knex alone, in one transaction, into a
 * scratch copy of the operations table — the same reader (a floor that parsed differently would
 * measure the parser, not the kernel), batch inserts of the encoded rows, then the same rules
 * function over every row and one UPDATE per changed row. What the kernel adds above it: the
 * repository (validation, references, activities), the account lock, the months and the report.
 */
import type { Knex } from 'knex';
import { readBankFile } from '../server/services/imports/read-file.ts';
import { dedupeKeys } from '../server/services/imports/dedupe.ts';
import { applyRules, type RuleLike } from '../server/services/rules/apply-rule.ts';

const TABLE = 'bench_banking_floor';
const scaled = (amount: string) => Math.round(Number(amount) * 10000);

export async function floorImport(db: Knex, text: string): Promise<void> {
  await db.schema.dropTableIfExists(TABLE);
  await db.schema.createTable(TABLE, (t) => {
    t.string('_id', 24).primary();
    t.string('fk_account', 24).notNullable();
    t.string('dateOperation', 24);
    t.string('label', 255);
    t.string('originalLabel', 255);
    t.string('transactionMode', 255);
    t.bigInteger('amount');
    t.string('location', 255);
    t.string('fk_category', 24);
    t.string('fk_subCategory', 24);
    t.string('dedupeKey', 255);
    t.unique(['fk_account', 'dedupeKey']);
  });
  const { file } = readBankFile(new TextEncoder().encode(text), undefined, undefined);
  const ops = file.statements[0].operations;
  const keys = dedupeKeys(ops);
  await db.transaction(async (trx) => {
    const rows = ops.map((op, i) => ({
      _id: i.toString(16).padStart(24, '0'), fk_account: 'a'.repeat(24), dateOperation: op.dateOperation, label: op.label,
      originalLabel: op.originalLabel, transactionMode: op.transactionMode, amount: scaled(op.amount), dedupeKey: keys[i],
    }));
    await trx.batchInsert(TABLE, rows, 500);
  });
}

export async function floorApply(db: Knex, rules: RuleLike[]): Promise<number> {
  const rows = await db(TABLE).select('*');
  let changed = 0;
  await db.transaction(async (trx) => {
    for (const r of rows) {
      const op = { amount: Number(r.amount) / 10000, label: r.label, originalLabel: r.originalLabel, location: r.location, transactionMode: r.transactionMode, fk: { account: r.fk_account, category: r.fk_category, subCategory: r.fk_subCategory } };
      const out = applyRules(rules, op);
      if (!out.changed) continue;
      changed++;
      await trx(TABLE).where('_id', r._id).update({ label: out.operation.label, location: out.operation.location, transactionMode: out.operation.transactionMode, fk_category: out.operation.fk.category, fk_subCategory: out.operation.fk.subCategory });
    }
  });
  await db.schema.dropTableIfExists(TABLE);
  return changed;
}
