/** How the home page writes its figures, in French (« 1 234,50 € », « +12 % par rapport à 2025 »). */
import type { WidgetFigure } from '@comptoir/sdk/client';
import { formatMoney, formatNumber } from '@comptoir/sdk/react';

export const figureText = (value: string, unit: WidgetFigure['unit']): string => (unit === 'money' ? formatMoney(value) : formatNumber(value, 0));

/** « +12 % par rapport à novembre 2025 », or the previous value itself when there is no percentage */
export function comparisonText(f: WidgetFigure): string | null {
  if (!f.previous) return null;
  if (f.previous.change === undefined) return `${figureText(f.previous.value, f.unit)} en ${f.previous.label}`;
  const n = Number(f.previous.change);
  const sign = n > 0 ? '+' : n < 0 ? '−' : '';
  return `${sign}${formatNumber(Math.abs(n), 0)} % par rapport à ${f.previous.label}`;
}

/** « 2 sur 5 » */
export const progressText = (done: number, total: number) => `${done} sur ${total}`;
