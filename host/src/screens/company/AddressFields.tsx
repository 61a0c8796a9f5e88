/** The head-office address of the company, printed on its documents. */
import { SimpleGrid, TextInput } from '@mantine/core';
import type { FormFields } from '@comptoir/sdk/ui';
import type { LegalValues } from './legalValues.ts';

export function AddressFields({ form }: { form: FormFields<LegalValues> }) {
  return (
    <SimpleGrid cols={{ base: 1, sm: 2 }}>
      <TextInput label="Adresse" autoComplete="address-line1" {...form.getInputProps('address.address')} />
      <TextInput label="Complément d’adresse" autoComplete="address-line2" {...form.getInputProps('address.address2')} />
      <TextInput label="Code postal" autoComplete="postal-code" {...form.getInputProps('address.zipCode')} />
      <TextInput label="Ville" autoComplete="address-level2" {...form.getInputProps('address.city')} />
      <TextInput label="Pays" autoComplete="country-name" {...form.getInputProps('address.country')} />
      <TextInput label="Nom de l’adresse" description="Par exemple « Siège »" {...form.getInputProps('address.name')} />
    </SimpleGrid>
  );
}
