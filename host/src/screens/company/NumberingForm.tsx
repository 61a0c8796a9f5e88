/**
 * Numbering settings per document kind (platform README « Platform rules and constants », « Numbering »): the next number is left-padded with
 * zeros to the minimum digit count, between the prefix and the suffix. Only the counters of the
 * installed plugins are listed and sent; the server keeps the others as stored.
 */
import { Accordion, Stack, Text } from '@mantine/core';
import { useForm } from '@mantine/form';
import type { CompanyRecord } from './companyTypes.ts';
import { numberingBody, numberingValues } from './numberingKinds.ts';
import type { NumberingFormValues } from './NumberingRow.tsx';
import { NumberingTable } from './NumberingTable.tsx';
import { useSaveCompany } from './useSaveCompany.ts';
import { Section, FormActions, useSubmit } from '@comptoir/sdk/ui';

export function NumberingForm({ company }: { company: CompanyRecord }) {
  const kinds = company.numberingKinds ?? [];
  const documents = kinds.filter((k) => k.document);
  const counters = kinds.filter((k) => !k.document);
  const form = useForm<NumberingFormValues>({ initialValues: { numbering: numberingValues(company.numbering, kinds) } });
  const save = useSaveCompany(company._id);
  const submit = useSubmit(form, (v) => save({ numbering: numberingBody(v.numbering) }), { success: 'La numérotation est enregistrée.' });

  return (
    <form onSubmit={form.onSubmit((v) => void submit.run(v))} noValidate>
      <Stack gap="lg">
        <Section
          title="Numérotation des documents"
          description="Le numéro attribué au prochain document émis, complété par des zéros jusqu’au nombre minimal de chiffres, entre le préfixe et le suffixe."
        >
          {kinds.length === 0 && <Text c="dimmed">Aucun module installé ne numérote de documents.</Text>}
          {documents.length > 0 && <NumberingTable kinds={documents} form={form} company={company} caption="Numérotation des documents" />}
          {counters.length > 0 && (
            <Accordion variant="contained">
              <Accordion.Item value="counters">
                <Accordion.Control>Autres compteurs (paiements…)</Accordion.Control>
                <Accordion.Panel>
                  <NumberingTable kinds={counters} form={form} company={company} caption="Autres compteurs" />
                </Accordion.Panel>
              </Accordion.Item>
            </Accordion>
          )}
        </Section>
        <FormActions busy={submit.busy} dirty={form.isDirty()} error={submit.error} onReset={() => { form.reset(); submit.clearError(); }} />
      </Stack>
    </form>
  );
}
