/** What the screens know of the API of « Facturation » (mounted under /api/invoicing) and of the shell's paths. */

/** Collections, as the shell's API client and useList take them (without /api). */
export const INVOICES = '/invoicing/invoices';
export const QUOTATIONS = '/invoicing/quotations';
export const PAYMENTS = '/invoicing/payments';
export const COMPUTE = '/invoicing/compute';
export const CUSTOMERS = '/contacts/customers';
export const CATALOGUE = '/catalogue/items';
/** the kernel's activity log (a document's « Historique ») */
export const ACTIVITIES = '/kernel/activities';

/** The shell routes of the plugin's menu entries (package.json `comptoir.menu`). */
export const ROUTES = { invoices: '/factures', quotations: '/devis', payments: '/paiements' } as const;

export const PERMISSIONS = {
  invoicesRead: 'invoicing.invoices.read',
  invoicesManage: 'invoicing.invoices.manage',
  quotationsRead: 'invoicing.quotations.read',
  quotationsManage: 'invoicing.quotations.manage',
  paymentsRead: 'invoicing.payments.read',
  paymentsManage: 'invoicing.payments.manage',
  activitiesRead: 'kernel.activities.read',
} as const;

export const invoicePath = (id: string, action?: string) => `${INVOICES}/${encodeURIComponent(id)}${action ? `/${action}` : ''}`;
export const quotationPath = (id: string, action?: string) => `${QUOTATIONS}/${encodeURIComponent(id)}${action ? `/${action}` : ''}`;
