/**
 * The documents as the API answers them: the entity types of @comptoir/schemas (types only, so the
 * remote never bundles the schemas), and what the screens derive from them.
 */
import type { Invoice, Quotation } from '@comptoir/schemas';

export type {
  Address, Customer, Invoice, InvoiceStatus, ItemCredit, LineItem, Payment, Quotation, QuotationStatus, Receiver, Sender, VatDetail,
} from '@comptoir/schemas';

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
