/**
 * Rules (README « Rules »): saved when they make sense (rule-checks.ts); applied in order, on
 * import (imports/) and on demand over a date range (`apply`), with a dry run that lists what
 * would change and writes nothing.
 */
import { badRequest, type CallContext } from '@comptoir/sdk';
import type { ApplyRulesAnswer, ApplyRulesInput, Operation, OperationRule, RuleChange, RuleInput, RuleWarning } from '../../../schemas/index.ts';
import { Accounts, Operations, Rules } from '../../entities.ts';
import { leafOf } from '../months/month-lines.ts';
import { checkClassification } from '../operations/classification.ts';
import { AccountChanges, lockAccounts, record } from '../operations/ledger.ts';
import { applyRules, type RuleLike } from './apply-rule.ts';
import { ruleProblems } from './rule-checks.ts';

const PAGE = 500;

export function rulesService(ctx: CallContext) {
  const repo = () => ctx.repo(Rules);

  async function check(detection: OperationRule['detection'], actions: OperationRule['actions']) {
    const problems = ruleProblems(detection, actions);
    if (problems.length) throw badRequest(problems[0].message, problems);
    if (actions.category) await checkClassification(ctx, actions.category, actions.subCategory, 'actions');
  }

  /** the enabled rules in the order they apply (order, then creation) */
  async function enabledRules(ids?: string[]): Promise<OperationRule[]> {
    const rules = ids ? await repo().findByIds(ids) : await repo().findMany({ enabled: true });
    if (ids && rules.length !== new Set(ids).size) throw badRequest('Une des règles demandées n’existe pas dans cette entreprise.', [{ field: 'rules', message: 'introuvable' }]);
    return rules.sort((a, b) => a.order - b.order || (a._id < b._id ? -1 : 1));
  }

  return {
    enabledRules,

    async create(input: RuleInput): Promise<OperationRule> {
      if (!input.name) throw badRequest('Le nom de la règle est requis.', [{ field: 'name', message: 'requis' }]);
      const detection = input.detection ?? {};
      const actions = input.actions ?? {};
      await check(detection, actions);
      return repo().create({ ...input, detection, actions });
    },

    async update(id: string, input: RuleInput): Promise<OperationRule> {
      const current = await repo().getForUpdate(id);
      await check(input.detection ?? current.detection, input.actions ?? current.actions);
      return repo().update(id, input);
    },

    remove: (id: string) => repo().remove(id),

    /**
     * The rules over the operations of a date range (sub-operations left out: their categories are
     * the person's split). Writes, unless `dryRun`, each change with the ledger.
     */
    async apply(input: ApplyRulesInput): Promise<ApplyRulesAnswer> {
      const dryRun = input.dryRun === true;
      let rules: RuleLike[];
      if (input.rule) {
        if (!dryRun) throw badRequest('Une règle non enregistrée ne s’applique qu’en aperçu (dryRun: true).', [{ field: 'rule', message: 'aperçu seulement' }]);
        const problems = ruleProblems(input.rule.detection, input.rule.actions);
        if (problems.length) throw badRequest(problems[0].message, problems);
        rules = [{ ...input.rule, name: 'aperçu' }];
      } else rules = await enabledRules(input.rules);
      const limit = input.limit ?? 200;
      const answer: ApplyRulesAnswer = { dryRun, examined: 0, changed: 0, changes: [], warnings: [] };
      if (rules.length === 0) return answer;
      const filters: Record<string, object> = { source: { mode: 'neq', value: 'split' } };
      if (input.startDate || input.endDate) {
        filters.dateOperation = input.startDate && input.endDate
          ? { mode: 'between', valueIsDate: true, startDate: input.startDate, endDate: input.endDate }
          : input.startDate ? { mode: 'gte', valueIsDate: true, startDate: input.startDate } : { mode: 'lte', valueIsDate: true, endDate: input.endDate };
      }
      if (input.accounts?.length) filters['fk.account'] = { mode: 'in', value: input.accounts };
      const repoOps = ctx.repo(Operations);
      const changesByAccount = new Map<string, AccountChanges>();
      const warned = new Set<string>();
      if (input.accounts?.length && (await ctx.repo(Accounts).findByIds(input.accounts)).length !== new Set(input.accounts).size) {
        throw badRequest('accounts : un des comptes n’existe pas dans cette entreprise.', [{ field: 'accounts', message: 'introuvable' }]);
      }
      // every account the rules may touch, locked first and in order (README « Concurrency »)
      if (!dryRun) await lockAccounts(ctx, input.accounts?.length ? input.accounts : (await ctx.repo(Accounts).findMany({})).map((a) => a._id));
      let cursor: string | undefined;
      do {
        const page = await repoOps.list({ filters, sort: { field: '_id', ascending: true }, pagination: cursor ? { quantity: PAGE, cursor } : { quantity: PAGE, page: 1 } });
        for (const op of page.data) {
          answer.examined++;
          const outcome = applyRules(rules, op);
          for (const w of outcome.warnings) {
            if (warned.has(w.ruleId ?? w.name)) continue;
            warned.add(w.ruleId ?? w.name);
            answer.warnings.push({ ...w, operationId: op._id } satisfies RuleWarning);
          }
          if (!outcome.changed) continue;
          answer.changed++;
          if (answer.changes.length < limit) answer.changes.push(changeOf(op, outcome.changes, outcome.ruleIds));
          if (dryRun) continue;
          await writeChange(op, outcome.operation, changesByAccount);
        }
        cursor = page.next ?? undefined;
      } while (cursor);
      for (const changes of changesByAccount.values()) await record(ctx, changes);
      return answer;
    },
  };

  async function writeChange(op: Operation, next: ReturnType<typeof applyRules>['operation'], byAccount: Map<string, AccountChanges>) {
    if (!byAccount.has(op.fk.account)) byAccount.set(op.fk.account, new AccountChanges(op.fk.account));
    // `existing`: the row as listed; no one else writes it, its account is locked since before the list
    const updated = await ctx.repo(Operations).update(op._id, {
      label: next.label, location: next.location ?? null, transactionMode: next.transactionMode,
      fk: { ...op.fk, category: next.fk.category ?? null, subCategory: next.fk.subCategory ?? null },
    }, { existing: op });
    const changes = byAccount.get(op.fk.account)!;
    changes.remove(leafOf(op));
    changes.add(leafOf(updated));
  }
}

function changeOf(op: Operation, changes: Record<string, [unknown, unknown]>, ruleIds: string[]): RuleChange {
  return {
    operationId: op._id, dateOperation: op.dateOperation, amount: op.amount, ruleIds,
    before: Object.fromEntries(Object.entries(changes).map(([k, [b]]) => [k, b])),
    after: Object.fromEntries(Object.entries(changes).map(([k, [, a]]) => [k, a])),
  };
}

export type RulesService = ReturnType<typeof rulesService>;
