/**
 * The documents as the API answers them: the entity types of the plugin's schemas/ and of
 * @comptoir/schemas (types only, so the remote never bundles the schemas), and what the screens
 * derive from them.
 */
import type { Invoice, Quotation } from '../../schemas/index.ts';

export type { Address, LineItem, Payment, Receiver, Sender, VatDetail } from '@comptoir/schemas';
export type { Customer } from '@comptoir/plugin-contacts/contract';
export type { Invoice, InvoiceStatus, ItemCredit, Quotation, QuotationStatus } from '../../schemas/index.ts';

/** What invoices and quotations share, as the editors read it. */
export type CommercialDocument = Invoice | Quotation;

/**
 * A catalogue item as the catalogue plugin answers it (catalogue README « Entities »): only the
 * fields a line takes from it.
 */
export interface CatalogueItem {
  _id: string;
  name: string;
  shortDescription?: string;
  vat: number;
  exclTaxesPrice?: number | null;
  inclTaxesPrice?: number | null;
  enabled?: boolean;
  type?: 'good' | 'service';
}
