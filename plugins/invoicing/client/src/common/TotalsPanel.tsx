/** VAT details and the three totals of a document, with the amounts still due when given: the screen kit's (`@comptoir/sdk/ui`). */
import { DocumentTotals, type DocumentTotalsValue } from '@comptoir/sdk/ui';

/** `remaining`: what is left to pay or pay back, or the excess (« Trop-perçu »), as `remainingOf` says. */
export function TotalsPanel({ totals, pending, paid, remaining }: {
  totals: DocumentTotalsValue | undefined; pending?: boolean; paid?: number; remaining?: { label: string; amount: number } | null;
}) {
  return <DocumentTotals totals={totals} pending={pending} paid={paid} unpaid={remaining?.amount} unpaidLabel={remaining?.label} testIdPrefix="invoicing" />;
}
