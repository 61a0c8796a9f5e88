/**
 * Numbering settings per document kind (spec 000 §3, §5): the next number is left-padded with
 * zeros to the minimum digit count, between the prefix and the suffix. The whole `numbering`
 * object is sent, as PUT replaces that JSON column.
 */
import { Accordion, Stack } from '@mantine/core';
import { useForm } from '@mantine/form';
import type { CompanyRecord } from './companyTypes.ts';
import { COUNTER_NUMBERING_KINDS, DOCUMENT_NUMBERING_KINDS, numberingBody, numberingValues } from './numberingKinds.ts';
import type { NumberingFormValues } from './NumberingRow.tsx';
import { NumberingTable } from './NumberingTable.tsx';
import { useSaveCompany } from './useSaveCompany.ts';
import { Section, FormActions, useSubmit } from '@comptoir/sdk/ui';

export function NumberingForm({ company }: { company: CompanyRecord }) {
  const form = useForm<NumberingFormValues>({ initialValues: { numbering: numberingValues(company.numbering) } });
  const save = useSaveCompany(company._id);
  const submit = useSubmit(form, (v) => save({ numbering: numberingBody(v.numbering) }), { success: 'La numérotation est enregistrée.' });

  return (
    <form onSubmit={form.onSubmit((v) => void submit.run(v))} noValidate>
      <Stack gap="lg">
        <Section
          title="Numérotation des documents"
          description="Le numéro attribué au prochain document émis, complété par des zéros jusqu’au nombre minimal de chiffres, entre le préfixe et le suffixe."
        >
          <NumberingTable kinds={DOCUMENT_NUMBERING_KINDS} form={form} company={company} caption="Numérotation des documents" />
          <Accordion variant="contained">
            <Accordion.Item value="counters">
              <Accordion.Control>Autres compteurs (caisses, paiements, archives)</Accordion.Control>
              <Accordion.Panel>
                <NumberingTable kinds={COUNTER_NUMBERING_KINDS} form={form} company={company} caption="Autres compteurs" />
              </Accordion.Panel>
            </Accordion.Item>
          </Accordion>
        </Section>
        <FormActions busy={submit.busy} dirty={form.isDirty()} error={submit.error} onReset={() => { form.reset(); submit.clearError(); }} />
      </Stack>
    </form>
  );
}
