/** Free texts printed at the bottom of invoices and tickets, and the message of corrective invoices. */
import { Stack, Textarea } from '@mantine/core';
import { useForm } from '@mantine/form';
import type { CompanyRecord } from './companyTypes.ts';
import { useSaveCompany } from './useSaveCompany.ts';
import { Section, FormActions, useSubmit } from '@comptoir/sdk/ui';

interface TextsValues {
  invoiceFreeData: string;
  receiptFreeData: string;
  correctiveInvoiceCustomMessage: string;
}

export function DocumentTextsForm({ company }: { company: CompanyRecord }) {
  const form = useForm<TextsValues>({
    initialValues: {
      invoiceFreeData: company.invoiceFreeData ?? '',
      receiptFreeData: company.receiptFreeData ?? '',
      correctiveInvoiceCustomMessage: company.correctiveInvoiceCustomMessage ?? '',
    },
  });
  const save = useSaveCompany(company._id);
  const submit = useSubmit(form, (v) => save({ ...v }), { success: 'Les mentions des documents sont enregistrées.' });

  return (
    <form onSubmit={form.onSubmit((v) => void submit.run(v))} noValidate>
      <Stack gap="lg">
        <Section title="Mentions des documents" description="Textes libres imprimés au bas de vos documents.">
          <Textarea
            label="Mentions des factures" autosize minRows={3} maxRows={10}
            description="Conditions de paiement, pénalités de retard, indemnité forfaitaire de recouvrement…"
            {...form.getInputProps('invoiceFreeData')}
          />
          <Textarea
            label="Mentions des tickets de caisse" autosize minRows={2} maxRows={8}
            description="Par exemple : « Merci de votre visite ! »"
            {...form.getInputProps('receiptFreeData')}
          />
          <Textarea
            label="Message des factures rectificatives" autosize minRows={2} maxRows={8}
            {...form.getInputProps('correctiveInvoiceCustomMessage')}
          />
        </Section>
        <FormActions busy={submit.busy} dirty={form.isDirty()} error={submit.error} onReset={() => { form.reset(); submit.clearError(); }} />
      </Stack>
    </form>
  );
}
