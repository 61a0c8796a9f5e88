/** Amounts as a money input holds them, padded to two decimals (MoneyInput.tsx). No DOM. */

/** `58.8` -> '58.80', `3` -> '3.00'; more decimals kept; '' and partial input unchanged. */
export function padMoney(value: number | string | undefined | null): number | string {
  if (value === undefined || value === null || value === '') return '';
  const text = typeof value === 'number' ? String(value) : value;
  const match = /^(-?\d+)(?:\.(\d*))?$/.exec(text);
  if (!match) return value;
  const decimals = match[2] ?? '';
  return decimals.length >= 2 ? text : `${match[1]}.${decimals.padEnd(2, '0')}`;
}
