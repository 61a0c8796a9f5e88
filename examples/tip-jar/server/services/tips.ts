/** The tips service: record a tip (euros and cents, received now unless dated), read them back. */
import { Decimal } from 'decimal.js';
import { badRequest, type CallContext } from '@comptoir/sdk';
import { parisDay } from '@comptoir/sdk/commerce';
import { Tips, type Tip } from '../entities.ts';

export interface TipFields { amount: number; date?: string; note?: string; fk?: { invoice?: string } }

export function tipsService(ctx: CallContext) {
  const repo = () => ctx.repo(Tips);
  return {
    async create(input: TipFields): Promise<Tip> {
      if (!new Decimal(input.amount).mul(100).isInteger()) {
        throw badRequest('Le montant d’un pourboire s’exprime en euros et centimes.', [{ field: 'amount', message: 'deux décimales au plus' }]);
      }
      return repo().create({
        amount: input.amount, date: input.date ?? ctx.now.toISOString(),
        ...(input.note ? { note: input.note } : {}),
        // the platform checks that it names an invoice of the active company (400 otherwise)
        ...(input.fk?.invoice ? { fk: { invoice: input.fk.invoice } } : {}),
      });
    },
    /** the tips received in the same month as `at`, in Paris time */
    async ofMonth(at: Date): Promise<Tip[]> {
      const month = parisDay(at)!;
      return (await repo().findMany({})).filter((t) => {
        const d = parisDay(t.date);
        return d !== null && d.year === month.year && d.month === month.month;
      });
    },
    /** the tips received in a period (ISO instants, start included, end excluded) */
    async inPeriod(start: string, end: string): Promise<Tip[]> {
      const [from, to] = [Date.parse(start), Date.parse(end)];
      return (await repo().findMany({})).filter((t) => Date.parse(t.date) >= from && Date.parse(t.date) < to);
    },
  };
}

export type TipsService = ReturnType<typeof tipsService>;

/** Σ amounts, exact. */
export const totalOf = (tips: Pick<Tip, 'amount'>[]): Decimal => tips.reduce((sum, t) => sum.plus(t.amount), new Decimal(0));
