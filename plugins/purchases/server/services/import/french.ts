/** Amounts, rates and days as the import report writes them, in French. */
import type { Decimal } from 'decimal.js';

const EUROS = new Intl.NumberFormat('fr-FR', { style: 'currency', currency: 'EUR' });
const RATE = new Intl.NumberFormat('fr-FR', { maximumFractionDigits: 2 });

export const euros = (v: Decimal | number): string => EUROS.format(Number(v.toString()));
export const percent = (v: Decimal | number): string => `${RATE.format(Number(v.toString()))} %`;
/** `2026-01-31` → `31/01/2026` */
export const frenchDay = (iso: string): string => iso.split('-').reverse().join('/');
