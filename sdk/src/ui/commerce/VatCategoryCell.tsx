/**
 * The « Catégorie de TVA » cell of a sale's line (commerce README « VAT categories »): the category
 * — automatic (the one the server computed for the customer, named) or chosen —, and when it needs
 * one, its exemption reason: a choice of the usual articles, or a text of one's own. A company not
 * subject to VAT has a single category: the franchise, shown, not chosen.
 */
import { Select, Stack, Text, TextInput } from '@mantine/core';
import { withExemptionReason, withVatCategory, type LineDraft } from './lineDraft.ts';
import {
  OWN_REASON, effectiveVatCategory, exemptionReasonOptions, exemptionReasonValue, reasonState, vatCategoryOptions,
  type ComputedVatCategory,
} from './vatCategoryOptions.ts';

export function VatCategoryCell({ line, n, computed, subjectToVAT, onChange, errors = {} }: {
  line: LineDraft; n: number; computed?: ComputedVatCategory; subjectToVAT: boolean; onChange(line: LineDraft): void;
  errors?: Record<string, string>;
}) {
  if (!subjectToVAT) {
    return <Text size="xs" c="dimmed" data-testid="vat-category-franchise">{computed?.vatExemptionReason?.text ?? 'TVA non applicable'}</Text>;
  }
  const category = effectiveVatCategory(line, computed);
  const reason = reasonState(line, computed);
  const value = exemptionReasonValue(line);
  return (
    <Stack gap={4}>
      <Select size="xs" aria-label={`Catégorie de TVA, ligne ${n}`} data={vatCategoryOptions(line, computed)} value={line.vatCategory}
        allowDeselect={false} error={errors.vatCategory} comboboxProps={{ width: 320, position: 'bottom-start' }}
        onChange={(v) => onChange(withVatCategory(line, v ?? ''))} />
      {reason.choose && (
        <Select size="xs" aria-label={`Motif d’exonération, ligne ${n}`} placeholder={computed?.vatExemptionReason ? 'Motif usuel' : 'Choisissez le motif'}
          data={exemptionReasonOptions(category)} value={value || null} error={errors.vatExemptionReason} clearable
          comboboxProps={{ width: 380, position: 'bottom-start' }}
          onChange={(v) => onChange(withExemptionReason(line, category, { code: v && v !== OWN_REASON ? v : '', text: v === OWN_REASON ? line.vatExemptionText || ' ' : '' }))} />
      )}
      {reason.choose && value === OWN_REASON && (
        <TextInput size="xs" aria-label={`Texte du motif d’exonération, ligne ${n}`} placeholder="Exonération de TVA, art. … du CGI" value={line.vatExemptionText.trim() ? line.vatExemptionText : ''}
          onChange={(e) => onChange(withExemptionReason(line, category, { code: '', text: e.currentTarget.value || ' ' }))} />
      )}
      {reason.shown && <Text size="xs" c="dimmed" data-testid="vat-category-reason">{reason.shown}</Text>}
    </Stack>
  );
}
