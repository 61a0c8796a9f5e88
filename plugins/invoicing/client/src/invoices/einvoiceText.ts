/** What the « Facture électronique » section says of `GET /invoices/:id/einvoice`, as plain functions (tested in client/test). */

export interface StoredFileAnswer { fileName: string; sha256: string; size: number }

export type EInvoiceStateAnswer =
  | { invoice: string; status: 'pending' }
  | {
    invoice: string; status: 'produced'; facturX: boolean; missing: { field: string; label: string }[];
    pdf: StoredFileAnswer; xml: StoredFileAnswer | null; renderedAt: string;
  };

export interface EInvoiceText {
  summary: string;
  files: { label: string; sha256: string }[];
}

export function einvoiceText(answer: EInvoiceStateAnswer, dateTime: (iso: string) => string): EInvoiceText {
  if (answer.status === 'pending') {
    return { summary: 'À produire : elle sera figée au premier téléchargement, ou maintenant.', files: [] };
  }
  const when = dateTime(answer.renderedAt);
  const files = [{ label: 'Empreinte SHA-256 du PDF', sha256: answer.pdf.sha256 }];
  if (answer.xml) files.push({ label: 'Empreinte SHA-256 du XML', sha256: answer.xml.sha256 });
  const summary = answer.facturX
    ? `Factur-X figée le ${when} : les téléchargements et les envois en donnent toujours ces octets. Les paiements suivent à part.`
    : `PDF figé le ${when}, sans Factur-X : il manque ${answer.missing.map((m) => m.label).join(', ')}.`;
  return { summary, files };
}
