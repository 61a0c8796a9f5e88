/** What the screens know of the API of « Achats » (mounted under /api/purchases) and of the shell's paths. */

/** Collections, as the shell's API client and useList take them (without /api). */
export const PURCHASES = '/purchases/purchases';
export const EXTERNAL_PURCHASES = '/purchases/external-purchases';
/** payments to suppliers, read-only here (recorded from a purchase or an order) */
export const PAYMENTS = '/purchases/payments';
export const IMPORT = '/purchases/purchases/import';
export const PROVIDERS = '/contacts/providers';
export const INVOICES = '/invoicing/invoices';
export const COMPUTE = '/invoicing/compute';
export const FILES = '/kernel/files';

/** The shell routes of the plugin's menu entries (package.json `comptoir.menu`), and the invoices' one. */
export const ROUTES = { purchases: '/achats', external: '/achats-en-ligne', payments: '/paiements-fournisseurs', invoices: '/factures' } as const;

export const PERMISSIONS = {
  purchasesRead: 'purchases.purchases.read',
  purchasesManage: 'purchases.purchases.manage',
  externalRead: 'purchases.external-purchases.read',
  externalManage: 'purchases.external-purchases.manage',
  paymentsManage: 'purchases.payments.manage',
} as const;

export const purchasePath = (id: string, action?: string) => `${PURCHASES}/${encodeURIComponent(id)}${action ? `/${action}` : ''}`;
export const externalPath = (id: string, action?: string) => `${EXTERNAL_PURCHASES}/${encodeURIComponent(id)}${action ? `/${action}` : ''}`;
