/**
 * An amount in euros, written as French money: « 1 234,50 € » — comma, narrow spaces between
 * thousands, two decimals always shown once typed (issue 12: « 58,8 € » became « 58,80 € »).
 * The value is the NumberInput's: a number, or a numeric string ('58.80', '') while it is typed or
 * once padded; read it with decimal.js, never with `+`.
 *
 * `decimals` above 2 (the unit prices of purchases, to the ten-thousandth) keeps the extra digits
 * typed and pads to two decimals when the field is left.
 */
import { useState } from 'react';
import { NumberInput, type NumberInputProps } from '@mantine/core';
import { padMoney } from './moneyText.ts';

export { padMoney };

export interface MoneyInputProps extends Omit<NumberInputProps, 'decimalSeparator' | 'thousandSeparator' | 'decimalScale' | 'fixedDecimalScale' | 'suffix'> {
  /** decimals that may be typed: 2 (the default) for amounts */
  decimals?: number;
}

export function MoneyInput({ decimals = 2, value, onFocus, onBlur, ...rest }: MoneyInputProps) {
  const [focused, setFocused] = useState(false);
  const common = {
    decimalSeparator: ',',
    thousandSeparator: '\u202f',
    suffix: '\u00a0€',
    hideControls: true,
    inputMode: 'decimal' as const,
    ...rest,
  };
  // two decimals: react-number-format pads as it formats, typed or stored
  if (decimals <= 2) return <NumberInput {...common} decimalScale={2} fixedDecimalScale value={value} onFocus={onFocus} onBlur={onBlur} />;
  return (
    <NumberInput
      {...common} decimalScale={decimals} value={focused ? value : padMoney(value)}
      onFocus={(e) => { setFocused(true); onFocus?.(e); }}
      onBlur={(e) => { setFocused(false); onBlur?.(e); }}
    />
  );
}
