/** Permissions of the « Facturation » plugin, granted through company roles. */
import type { PermissionDefinition } from '@comptoir/sdk';

export const INVOICES_READ = 'invoicing.invoices.read';
export const INVOICES_MANAGE = 'invoicing.invoices.manage';
export const QUOTATIONS_READ = 'invoicing.quotations.read';
export const QUOTATIONS_MANAGE = 'invoicing.quotations.manage';
export const PAYMENTS_READ = 'invoicing.payments.read';
export const PAYMENTS_MANAGE = 'invoicing.payments.manage';

const category = 'Facturation';

export const PERMISSIONS: PermissionDefinition[] = [
  { sysName: INVOICES_READ, category, name: 'Consulter les factures', mode: 'company' },
  {
    sysName: INVOICES_MANAGE, category, name: 'Gérer les factures', mode: 'company',
    description: 'Créer et modifier les brouillons, émettre les factures, faire des avoirs et des factures correctives.',
  },
  { sysName: QUOTATIONS_READ, category, name: 'Consulter les devis', mode: 'company' },
  { sysName: QUOTATIONS_MANAGE, category, name: 'Gérer les devis', description: 'Créer, modifier, supprimer et facturer les devis.', mode: 'company' },
  { sysName: PAYMENTS_READ, category, name: 'Consulter les paiements', mode: 'company' },
  { sysName: PAYMENTS_MANAGE, category, name: 'Enregistrer les paiements', description: 'Enregistrer les paiements et les remboursements des factures.', mode: 'company' },
];
