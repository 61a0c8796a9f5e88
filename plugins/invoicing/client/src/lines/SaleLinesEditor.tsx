/**
 * The lines of an invoice, a quotation or a recurring template being edited: the UI kit's
 * `LinesEditor` with every column (description, both unit prices, the VAT category of a sale: the
 * automatic one of the customer as the server computed it, or one chosen, README « VAT
 * categories ») and the catalogue picker.
 */
import { LinesEditor, computedVatCategories, lineFromCatalogue, type DocumentTotalsValue, type LineDraft } from '@comptoir/sdk/ui';
import { CataloguePicker } from './CataloguePicker.tsx';

export function SaleLinesEditor({ lines, onChange, error, errors, computed }: {
  lines: LineDraft[];
  onChange(lines: LineDraft[]): void;
  error?: string | null;
  /** per line (by uuid), per field: the server's messages, shown under the inputs */
  errors?: Record<string, Record<string, string>>;
  /** the server's computation of the lines (`POST /invoicing/compute`): their automatic categories */
  computed: DocumentTotalsValue | undefined;
}) {
  return (
    <LinesEditor
      lines={lines} onChange={onChange} error={error} errors={errors} testIdPrefix="invoicing" vatCategories={computedVatCategories(computed)}
      emptyText="Aucune ligne : ajoutez-en une ou choisissez un article du catalogue."
      adders={<CataloguePicker onPick={(item) => onChange([...lines, lineFromCatalogue(item)])} />}
    />
  );
}
