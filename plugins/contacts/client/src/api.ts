/**
 * What the screens know of the API of « Contacts » (mounted under /api/contacts): collections,
 * permissions and the shapes of the answers. Types come from the plugin's schemas/ (types only:
 * the remote bundles none of it).
 */
import type { Contact, ContactImport, Customer, Provider } from '../../schemas/index.ts';

export type { Contact, Customer, Provider };

/** The collections, as the shell's API client and useList take them (without /api). */
export const CUSTOMERS = '/contacts/customers';
export const PROVIDERS = '/contacts/providers';
export const CONTACTS = '/contacts/contacts';
export const IMPORT_PREVIEW = `${CONTACTS}/import/preview`;
export const IMPORT = `${CONTACTS}/import`;

export const PERMISSIONS = {
  customersRead: 'contacts.customers.read',
  customersManage: 'contacts.customers.manage',
  providersRead: 'contacts.providers.read',
  providersManage: 'contacts.providers.manage',
  contactsRead: 'contacts.contacts.read',
  contactsManage: 'contacts.contacts.manage',
} as const;

/** A customer or a provider as the screens use it (a provider has no `origin`). */
export type Party = Customer & { origin?: string };

export type PartyKind = 'customers' | 'providers';

export interface PartyKindInfo {
  path: string;
  read: string;
  manage: string;
  title: string;
  description: string;
  /** « client », « fournisseur » */
  one: string;
  many: string;
  newLabel: string;
  /** « le client », « le fournisseur » */
  the: string;
  withOrigin: boolean;
}

export const PARTY_KINDS: Record<PartyKind, PartyKindInfo> = {
  customers: {
    path: CUSTOMERS, read: PERMISSIONS.customersRead, manage: PERMISSIONS.customersManage,
    title: 'Clients', description: 'Les personnes et les entreprises à qui vous facturez.',
    one: 'client', many: 'clients', newLabel: 'Nouveau client', the: 'le client', withOrigin: true,
  },
  providers: {
    path: PROVIDERS, read: PERMISSIONS.providersRead, manage: PERMISSIONS.providersManage,
    title: 'Fournisseurs', description: 'Les entreprises et les personnes chez qui vous achetez.',
    one: 'fournisseur', many: 'fournisseurs', newLabel: 'Nouveau fournisseur', the: 'le fournisseur', withOrigin: false,
  },
};

export type ImportFormat = 'vcard' | 'csv';

export interface ImportDuplicate {
  on: 'email' | 'phone';
  value: string;
  contactId?: string;
  contactName?: string;
  row?: number;
}

/** One row of `POST /contacts/contacts/import/preview`. */
export interface PreviewRow {
  row: number;
  source: ContactImport | null;
  contact: (Partial<Contact> & { displayName: string }) | null;
  duplicates: ImportDuplicate[];
  duplicateReason: string | null;
  warnings: string[];
  skipReason: string | null;
}

export interface ImportPreview {
  format: ImportFormat;
  rows: PreviewRow[];
  ignoredColumns: string[];
  summary: { total: number; importable: number; duplicates: number; skipped: number };
}

export interface ImportReport {
  created: number;
  ids: string[];
  skipped: { row: number; reason: string }[];
}
