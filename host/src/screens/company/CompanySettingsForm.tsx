/** CompanySettings of the active company (schemas README « CompanySettings »): the default country of phone numbers. */
import { Select, Stack } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useQueryClient } from '@tanstack/react-query';
import { useComptoir } from '@comptoir/sdk/react';
import { phoneCountryOptions } from './phoneCountries.ts';
import { Section, FormActions, useSubmit } from '@comptoir/sdk/ui';

export interface CompanySettingsRecord {
  _id: string;
  defaultPhoneNumberCountryCode?: string;
}

export const companySettingsKey = (companyId: string | undefined) => ['kernel', 'company-settings', companyId ?? null] as const;

export function CompanySettingsForm({ settings }: { settings: CompanySettingsRecord | null }) {
  const { api, company } = useComptoir();
  const queries = useQueryClient();
  const form = useForm({ initialValues: { defaultPhoneNumberCountryCode: settings?.defaultPhoneNumberCountryCode ?? 'FR' } });
  const submit = useSubmit(form, async (v) => {
    const saved = await api.put<CompanySettingsRecord>('/kernel/company-settings', v);
    queries.setQueryData(companySettingsKey(company?._id), saved);
    void queries.invalidateQueries({ queryKey: ['kernel', 'auth', 'me'] });
  }, { success: 'Les paramètres de l’entreprise sont enregistrés.' });

  return (
    <form onSubmit={form.onSubmit((v) => void submit.run(v))} noValidate>
      <Stack gap="lg">
        <Section title="Téléphonie" description="Utilisé pour les numéros saisis sans indicatif (+33…).">
          <Select
            label="Pays par défaut des numéros de téléphone" searchable allowDeselect={false} maw={420}
            data={phoneCountryOptions(form.values.defaultPhoneNumberCountryCode)}
            nothingFoundMessage="Aucun pays"
            {...form.getInputProps('defaultPhoneNumberCountryCode')}
          />
        </Section>
        <FormActions busy={submit.busy} dirty={form.isDirty()} error={submit.error} onReset={() => { form.reset(); submit.clearError(); }} />
      </Stack>
    </form>
  );
}
