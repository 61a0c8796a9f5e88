/** The VAT details of a document: the screen kit's table (`@comptoir/sdk/ui`), shared with purchases. */
import { VatDetailsTable as SharedVatDetailsTable } from '@comptoir/sdk/ui';
import type { VatDetail } from '../types.ts';

export function VatDetailsTable({ details }: { details: VatDetail[] }) {
  return <SharedVatDetailsTable details={details} testId="invoicing-vat-details" />;
}
