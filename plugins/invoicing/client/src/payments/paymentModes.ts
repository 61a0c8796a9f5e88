/** The payment modes of spec 000 §3 with their French labels, from the commercial-document engine. */
import { PAYMENT_MODES, PAYMENT_MODE_LABELS } from '@comptoir/sdk/commerce';

/** All twelve, for reading and filtering payments. */
export const PAYMENT_MODE_OPTIONS = PAYMENT_MODES.map((mode) => ({ value: mode, label: PAYMENT_MODE_LABELS[mode] }));

/** What a person may record: a credit-note compensation is written by the server only (it refuses it in a body). */
export const RECORDABLE_MODE_OPTIONS = PAYMENT_MODE_OPTIONS.filter((o) => o.value !== 'credit-compensation');
