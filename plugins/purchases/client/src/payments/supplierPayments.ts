/**
 * The words of « Paiements fournisseurs » (`/paiements-fournisseurs`); the list's rules (filters in
 * the address, signed amounts) are the UI kit's (`paymentsQueryFromParams`… of `@comptoir/sdk/ui`).
 */
import { paymentDirectionOptions } from '@comptoir/sdk/ui';

/** `?document=`: purchases (suppliers' invoices and credit notes) or online orders, the payment's `source`. */
export const SOURCE_FROM_URL: Record<string, string> = { achat: 'purchase', 'achat-en-ligne': 'external-purchase' };

export const SOURCE_OPTIONS = [
  { value: '', label: 'Tous les documents' },
  { value: 'achat', label: 'Achats' },
  { value: 'achat-en-ligne', label: 'Achats en ligne' },
];

/** Money paid out first: what a supplier is mostly about. */
export const DIRECTION_OPTIONS = paymentDirectionOptions(['out', 'in', 'none'], { out: 'paiements', in: 'remboursements' });
