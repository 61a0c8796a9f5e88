/** The totals block of a document, as /compute answers them and as stored documents carry them. */
import type { VatDetail } from '../types.ts';

export interface Totals {
  exclTaxesPrice: number;
  inclTaxesPrice: number;
  vatAmount: number;
  vatDetails: VatDetail[];
}
