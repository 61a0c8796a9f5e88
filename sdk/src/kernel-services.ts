/**
 * The kernel's services a plugin resolves by name (the kernel is an implicit dependency of every
 * plugin): `ctx.resolve<KernelNumbering>('kernel.numbering')`.
 */
import type { Company, NumberingKind } from '@comptoir/schemas';

export interface TakenNumber {
  number: number;
  /** prefix + number padded to minDigits + suffix */
  numberFull: string;
}

/**
 * `kernel.numbering`: document numbers (spec 000 §5). `take` runs inside the caller's transaction
 * and locks the company's counter: concurrent emissions get consecutive numbers, a rolled-back
 * emission gives its number back. `existing` > 0 is kept as the number.
 */
export interface KernelNumbering {
  take(kind: NumberingKind, existing?: number | null): Promise<TakenNumber>;
  preview(kind: NumberingKind): Promise<TakenNumber>;
}

/** `kernel.companies`: the active company, and the companies the caller is a member of (else 404). */
export interface KernelCompanies {
  current(): Promise<Company>;
  get(id: string): Promise<Company>;
}
