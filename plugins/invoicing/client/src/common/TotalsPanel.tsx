/** VAT details and the three totals of a document, with the amounts still due when given: the screen kit's (`@comptoir/sdk/ui`). */
import { DocumentTotals } from '@comptoir/sdk/ui';
import type { Totals } from './totals.ts';

export function TotalsPanel({ totals, pending, paid, unpaid }: { totals: Totals | undefined; pending?: boolean; paid?: number; unpaid?: number }) {
  return <DocumentTotals totals={totals} pending={pending} paid={paid} unpaid={unpaid} testIdPrefix="invoicing" />;
}
