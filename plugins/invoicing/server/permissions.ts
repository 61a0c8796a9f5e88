/** Permissions of the « Facturation » plugin, granted through company roles. */
import type { PermissionDefinition } from '@comptoir/sdk';

export const INVOICES_READ = 'invoicing.invoices.read';
export const INVOICES_MANAGE = 'invoicing.invoices.manage';
export const QUOTATIONS_READ = 'invoicing.quotations.read';
export const QUOTATIONS_MANAGE = 'invoicing.quotations.manage';
export const PAYMENTS_READ = 'invoicing.payments.read';
export const PAYMENTS_MANAGE = 'invoicing.payments.manage';
export const TEMPLATES_READ = 'invoicing.invoice-templates.read';
export const TEMPLATES_MANAGE = 'invoicing.invoice-templates.manage';
export const ACCOUNTING_READ = 'invoicing.accounting.read';
export const ACCOUNTING_MANAGE = 'invoicing.accounting.manage';

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
  { sysName: TEMPLATES_READ, category, name: 'Consulter les factures récurrentes', description: 'Voir les modèles, les prochaines exécutions et leur historique.', mode: 'company' },
  {
    sysName: TEMPLATES_MANAGE, category, name: 'Gérer les factures récurrentes', mode: 'company',
    description: 'Créer, modifier et supprimer les modèles de factures récurrentes, et les lancer à la main.',
  },
  {
    sysName: ACCOUNTING_READ, category, name: 'Consulter la comptabilité', mode: 'company',
    description: 'Vérifier l’intégrité des factures et des paiements, exporter le FEC, consulter le plan comptable.',
  },
  { sysName: ACCOUNTING_MANAGE, category, name: 'Gérer le plan comptable', description: 'Modifier les numéros de comptes et les codes journaux du FEC.', mode: 'company' },
];
