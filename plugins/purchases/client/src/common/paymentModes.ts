/** The payment modes of invoicing README « Entities » with their French labels, from the commercial-document engine. */
import { PAYMENT_MODE_LABELS, USER_PAYMENT_MODES } from '@comptoir/sdk/commerce';

/** What a person records (a credit-note compensation is the invoicing plugin's own). */
export const PAYMENT_MODE_OPTIONS = USER_PAYMENT_MODES.map((mode) => ({ value: mode, label: PAYMENT_MODE_LABELS[mode] }));
