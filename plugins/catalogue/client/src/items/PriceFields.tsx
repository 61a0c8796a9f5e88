/**
 * The VAT rate and the excl./incl. price pair: typing one price computes the other at once, and a
 * new rate recomputes the price that was not typed.
 */
import { Select, SimpleGrid, TextInput } from '@mantine/core';
import type { FormFields } from '@comptoir/sdk/ui';
import { changeVat, tidyPrice, typeExcl, typeIncl, type PricePair } from './pricePair.ts';
import { vatOptions } from '../api.ts';

interface PairForm<V extends PricePair> extends FormFields<V> {
  setValues(values: Partial<V>): void;
}

export function PriceFields<V extends PricePair>({ form }: { form: PairForm<V> }) {
  const pair: PricePair = form.values;
  const set = (next: PricePair) => form.setValues(next as Partial<V>);
  const computed = (source: PricePair['priceSource']) =>
    pair.priceSource === source ? undefined : `Calculé depuis le prix ${source === 'excl' ? 'TTC' : 'HT'}`;
  const excl = form.getInputProps('exclTaxesPrice');
  const incl = form.getInputProps('inclTaxesPrice');
  const vat = form.getInputProps('vat');

  return (
    <SimpleGrid cols={{ base: 1, sm: 3 }}>
      <Select
        label="Taux de TVA" data={vatOptions(pair.vat)} allowDeselect={false} error={vat.error}
        value={pair.vat} onChange={(v) => v !== null && set(changeVat(pair, v))}
      />
      <TextInput
        label="Prix unitaire HT" inputMode="decimal" rightSection="€" autoComplete="off"
        description={computed('excl')} error={excl.error} onFocus={excl.onFocus}
        onBlur={(e) => { if (pair.priceSource === 'excl') set({ ...pair, exclTaxesPrice: tidyPrice(pair.exclTaxesPrice) }); excl.onBlur?.(e); }}
        value={pair.exclTaxesPrice} onChange={(e) => set(typeExcl(pair, e.currentTarget.value))}
      />
      <TextInput
        label="Prix unitaire TTC" inputMode="decimal" rightSection="€" autoComplete="off"
        description={computed('incl')} error={incl.error} onFocus={incl.onFocus}
        onBlur={(e) => { if (pair.priceSource === 'incl') set({ ...pair, inclTaxesPrice: tidyPrice(pair.inclTaxesPrice) }); incl.onBlur?.(e); }}
        value={pair.inclTaxesPrice} onChange={(e) => set(typeIncl(pair, e.currentTarget.value))}
      />
    </SimpleGrid>
  );
}
