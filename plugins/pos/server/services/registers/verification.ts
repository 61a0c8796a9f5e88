/**
 * The register's verification (spec CashRegisterVerification, README « Opening and closing »):
 * what the drawer should hold — the amount counted at opening plus the entries, minus the
 * withdrawals (plus the cash taken by receipts, minus the change given, once receipts exist) —
 * against what is counted. Plain data in, plain data out.
 */
import { Decimal } from 'decimal.js';
import type { CashDetails, InOutDetail } from '../../../schemas/index.ts';
import { cashTotal } from '../cash/cash-details.ts';

/** A movement of cash since the opening, signed by its type. */
export interface CashFlow { type: 'in' | 'out'; amount: number; reason: string; date: string; userName?: string }

export interface VerificationFigures {
  expectedAmount: number;
  realAmount: number;
  difference: number;
  inOutDetails: InOutDetail[];
}

/** Expected amount: `start` + Σ in − Σ out, exact. */
export function expectedAmount(start: number, flows: readonly CashFlow[]): number {
  return flows.reduce((sum, f) => (f.type === 'in' ? sum.plus(f.amount) : sum.minus(f.amount)), new Decimal(start)).toNumber();
}

/** The figures of a verification: expected from `start` and the flows, real counted, difference = real − expected. */
export function verificationFigures(start: number, flows: readonly CashFlow[], counted: CashDetails): VerificationFigures {
  const expected = expectedAmount(start, flows);
  const real = cashTotal(counted);
  return {
    expectedAmount: expected,
    realAmount: real,
    difference: new Decimal(real).minus(expected).toNumber(),
    inOutDetails: flows.map((f) => ({ type: f.type, amount: f.amount, reason: f.reason, date: f.date, ...(f.userName ? { userName: f.userName } : {}) })),
  };
}
