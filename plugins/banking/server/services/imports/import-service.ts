/**
 * `POST /imports` (README « Import »): a bank file read (read-file.ts), each statement's account
 * found (given, by its number, or created), its operations deduplicated (dedupe.ts), classified by
 * the rules, written with the ledger (balance and months), the stated balance kept, and a report.
 * All in the request's transaction: a malformed file is a French 400 and nothing is written.
 */
import { Decimal } from 'decimal.js';
import { badRequest, type CallContext } from '@comptoir/sdk';
import type { BankImport, ImportAccountReport, ImportFields, ImportRejection, OperationAccount } from '../../../schemas/index.ts';
import { Accounts, Imports, Operations } from '../../entities.ts';
import { STATEMENT_IMPORTED } from '../../events.ts';
import { leafOf } from '../months/month-lines.ts';
import { AccountChanges, lockAccounts, record, sumOperations } from '../operations/ledger.ts';
import { applyRules, type RuleLike } from '../rules/apply-rule.ts';
import { rulesService } from '../rules/rules.ts';
import { dedupeKeys } from './dedupe.ts';
import { numbering } from '../deps.ts';
import { readBankFile } from './read-file.ts';
import type { ParsedStatement } from './statement.ts';

const CHUNK = 500;
export const ACCOUNT_COUNTER = 'bankAccount';

export interface UploadedFile { name: string; bytes: Uint8Array }

export function importService(ctx: CallContext) {
  const accounts = () => ctx.repo(Accounts);

  async function givenAccount(id: string): Promise<OperationAccount> {
    const found = await accounts().find(id);
    if (!found) throw badRequest(`accountId : aucun compte bancaire de cette entreprise ne porte l’identifiant ${id}.`, [{ field: 'accountId', message: 'introuvable' }]);
    return found;
  }

  /** the statement's account: the one given, else the company's of that number, else a new one */
  async function accountOf(statement: ParsedStatement, given: OperationAccount | null, created: Set<string>): Promise<OperationAccount> {
    if (given) return given;
    const { number, bank, name, type } = statement.account;
    if (!number) throw badRequest('Ce relevé ne dit pas de quel compte il s’agit : choisissez le compte (accountId).', [{ field: 'accountId', message: 'requis' }]);
    const existing = await accounts().findOne({ number });
    if (existing) return existing;
    // serialise the creation: another import of this account may be creating it right now
    await numbering(ctx).take(ACCOUNT_COUNTER);
    const created0 = await accounts().findOne({ number });
    if (created0) return created0;
    const account = await accounts().create({
      name: name ?? (bank ? `${bank} ${number}` : `Compte ${number}`), number, bank, type: type ?? 'bank',
      balance: 0, balanceCorrection: 0, manualAutoBalance: false,
    });
    created.add(account._id);
    return account;
  }

  return {
    async run(fields: ImportFields, file: UploadedFile): Promise<BankImport> {
      const given = fields.accountId ? await givenAccount(fields.accountId) : null;
      const { file: parsed, csvMapping } = readBankFile(file.bytes, fields.format, fields.csvMapping ?? given?.csvMapping);
      const numbers = new Set(parsed.statements.map((s) => s.account.number ?? ''));
      if (given && numbers.size > 1) throw badRequest('Ce fichier contient plusieurs comptes : importez-le sans choisir de compte, chaque relevé ira dans le sien.', [{ field: 'accountId', message: 'plusieurs comptes' }]);

      const created = new Set<string>();
      const targets: { statement: ParsedStatement; account: OperationAccount }[] = [];
      for (const statement of parsed.statements) targets.push({ statement, account: await accountOf(statement, given, created) });
      // every account of the file locked first, in order, then re-read under the lock
      const locked = await lockAccounts(ctx, targets.map((t) => t.account._id));

      const record0 = await ctx.repo(Imports).create({ date: ctx.now.toISOString(), fileName: file.name.slice(0, 255) || 'relevé', format: parsed.format, added: 0, duplicates: 0, rejected: [], accounts: [], warnings: [], classified: 0 });
      const rules: RuleLike[] = fields.applyRules === false ? [] : await rulesService(ctx).enabledRules();
      const warnings = new Set<string>();
      const rejected: ImportRejection[] = [];
      const reports = new Map<string, ImportAccountReport>();
      const changes = new Map<string, AccountChanges>();
      const stated = new Map<string, { amount: string; date: string }>();
      let classified = 0;

      for (const [s, { statement, account: a }] of targets.entries()) {
        const account = locked.get(a._id)!;
        const report = reports.get(account._id) ?? { accountId: account._id, name: account.name, ...(account.number ? { number: account.number } : {}), created: created.has(account._id), added: 0, duplicates: 0, rejected: 0, balance: 0 };
        reports.set(account._id, report);
        const accountChanges = changes.get(account._id) ?? new AccountChanges(account._id);
        changes.set(account._id, accountChanges);
        const prefix = parsed.statements.length > 1 ? `Relevé ${s + 1}, ` : '';
        for (const r of statement.rejected) rejected.push({ ...r, reason: `${prefix}opération ${r.index + 1} : ${r.reason}` });
        report.rejected += statement.rejected.length;

        const keys = dedupeKeys(statement.operations);
        const existing = new Set<string>();
        for (let i = 0; i < keys.length; i += CHUNK) {
          const found = await ctx.repo(Operations).findMany({ 'fk.account': account._id, dedupeKey: keys.slice(i, i + CHUNK) });
          for (const op of found) existing.add(op.dedupeKey!);
        }
        const batch: Record<string, unknown>[] = [];
        for (const [i, op] of statement.operations.entries()) {
          if (account.firstDateToSync && op.dateOperation < account.firstDateToSync) {
            rejected.push({ index: i, label: op.label, reason: `${prefix}opération ${i + 1} : antérieure à la première date à synchroniser du compte.` });
            report.rejected++;
            continue;
          }
          if (existing.has(keys[i])) { report.duplicates++; continue; }
          existing.add(keys[i]);
          const base = {
            dateOperation: op.dateOperation, dateValue: op.dateValue ?? null, label: op.label, originalLabel: op.originalLabel,
            source: parsed.format, transactionMode: op.transactionMode, amount: Number(op.amount), location: op.location ?? null,
            dedupeKey: keys[i], subOperationsCount: 0,
            fk: { account: account._id, import: record0._id, category: null as string | null, subCategory: null as string | null },
          };
          if (rules.length) {
            const outcome = applyRules(rules, base);
            for (const w of outcome.warnings) warnings.add(w.message);
            if (outcome.changed) {
              classified++;
              Object.assign(base, { label: outcome.operation.label, location: outcome.operation.location ?? null, transactionMode: outcome.operation.transactionMode });
              base.fk.category = outcome.operation.fk.category ?? null;
              base.fk.subCategory = outcome.operation.fk.subCategory ?? null;
            }
          }
          batch.push(base);
          accountChanges.balance = accountChanges.balance.plus(op.amount);
          report.added++;
        }
        // one reference check and multi-row INSERTs for the statement (README « Import »)
        for (const written of await ctx.repo(Operations).createMany(batch)) accountChanges.add(leafOf(written));
        if (statement.balance) {
          const previous = stated.get(account._id);
          if (!previous || statement.balance.date >= previous.date) stated.set(account._id, statement.balance);
        }
      }

      for (const [accountId, accountChanges] of changes) {
        await record(ctx, accountChanges);
        const account = await accounts().get(accountId);
        const set: Record<string, unknown> = { lastSync: ctx.now.toISOString() };
        const statement = stated.get(accountId);
        if (statement && !account.manualAutoBalance) {
          // the bank's balance at the end of that day: what the operations up to then do not explain is the correction
          const correction = new Decimal(statement.amount).minus(await sumOperations(ctx, accountId, statement.date));
          const balance = correction.plus(await sumOperations(ctx, accountId));
          Object.assign(set, { balanceCorrection: correction.toNumber(), balance: balance.toNumber(), balanceDate: statement.date });
        }
        if (parsed.format === 'csv' && csvMapping && fields.saveMapping !== false) set.csvMapping = csvMapping;
        const updated = await accounts().update(accountId, set);
        reports.get(accountId)!.balance = updated.balance;
      }

      const accountReports = [...reports.values()];
      const result = await ctx.repo(Imports).update(record0._id, {
        added: accountReports.reduce((n, r) => n + r.added, 0),
        duplicates: accountReports.reduce((n, r) => n + r.duplicates, 0),
        rejected: rejected.slice(0, 1000), accounts: accountReports, warnings: [...warnings].slice(0, 100), classified,
      });
      ctx.emit(STATEMENT_IMPORTED, { _id: result._id, format: result.format, added: result.added, duplicates: result.duplicates, accounts: accountReports.map((r) => r.accountId) });
      return result;
    },
  };
}

export type ImportService = ReturnType<typeof importService>;
