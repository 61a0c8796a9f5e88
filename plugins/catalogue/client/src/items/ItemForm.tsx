/** The fields of a catalogue item, shared by the creation and the edit screens. */
import { Select, SimpleGrid, Stack, TextInput, Textarea } from '@mantine/core';
import { Section, type FormFields } from '@comptoir/sdk/ui';
import { PriceFields } from './PriceFields.tsx';
import { PRICE_IF_NOT_SUBJECT_OPTIONS, TYPE_OPTIONS } from '../api.ts';
import type { ItemFormValues } from './itemForm.ts';

interface ItemFormFields extends FormFields<ItemFormValues> {
  setValues(values: Partial<ItemFormValues>): void;
}

export function ItemFields({ form }: { form: ItemFormFields }) {
  return (
    <Stack gap="lg">
      <Section title="Article">
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <TextInput label="Nom" required {...form.getInputProps('name')} />
          <Select label="Type" data={TYPE_OPTIONS} allowDeselect={false} {...form.getInputProps('type')} />
        </SimpleGrid>
        <TextInput label="Mots-clés" description="Pour retrouver l’article : séparés par des virgules" {...form.getInputProps('keywords')} />
      </Section>

      <Section title="Prix" description="Saisissez le prix HT ou le prix TTC : l’autre est calculé au taux de TVA choisi.">
        <PriceFields form={form} />
        <Select
          label="Prix de vente si l’entreprise n’est pas assujettie à la TVA" data={PRICE_IF_NOT_SUBJECT_OPTIONS} allowDeselect={false}
          {...form.getInputProps('priceIfNotSubjectToVat')}
        />
      </Section>

      <Section title="Description">
        <Textarea label="Description courte" autosize minRows={2} {...form.getInputProps('shortDescription')} />
        <Textarea label="Description longue" autosize minRows={4} {...form.getInputProps('longDescription')} />
      </Section>

      <Section title="Référencement" description="Pour la page de l’article sur votre site.">
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <TextInput label="Adresse (alias)" placeholder="croissant-au-beurre" {...form.getInputProps('seoAlias')} />
          <TextInput label="Titre" {...form.getInputProps('seoTitle')} />
        </SimpleGrid>
        <Textarea label="Description pour les moteurs de recherche" autosize minRows={2} {...form.getInputProps('seoDescription')} />
      </Section>
    </Stack>
  );
}
