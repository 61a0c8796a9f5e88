/**
 * The lines of an invoice, a quotation or a recurring template being edited: the UI kit's
 * `LinesEditor` with every column (description, both unit prices) and the catalogue picker.
 */
import { LinesEditor, lineFromCatalogue, type LineDraft } from '@comptoir/sdk/ui';
import { CataloguePicker } from './CataloguePicker.tsx';

export function SaleLinesEditor({ lines, onChange, error, errors }: {
  lines: LineDraft[];
  onChange(lines: LineDraft[]): void;
  error?: string | null;
  /** per line (by uuid), per field: the server's messages, shown under the inputs */
  errors?: Record<string, Record<string, string>>;
}) {
  return (
    <LinesEditor
      lines={lines} onChange={onChange} error={error} errors={errors} testIdPrefix="invoicing"
      emptyText="Aucune ligne : ajoutez-en une ou choisissez un article du catalogue."
      adders={<CataloguePicker onPick={(item) => onChange([...lines, lineFromCatalogue(item)])} />}
    />
  );
}
