/** Legal identity of the company (schemas README « Company »): printed on invoices, quotations and tickets. */
import { Autocomplete, NumberInput, Select, SimpleGrid, Stack, Switch, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { formatMoney } from '@comptoir/sdk/react';
import type { CompanyRecord } from './companyTypes.ts';
import { LEGAL_FORMS, VAT_METHOD_OPTIONS, legalBody, legalValues, validateLegal, type LegalValues } from './legalValues.ts';
import { AddressFields } from './AddressFields.tsx';
import { useSaveCompany } from './useSaveCompany.ts';
import { Section, FormActions, useSubmit } from '@comptoir/sdk/ui';

export function LegalInfoForm({ company }: { company: CompanyRecord }) {
  const form = useForm<LegalValues>({ initialValues: legalValues(company), validate: (v) => validateLegal(v, company) });
  const save = useSaveCompany(company._id);
  const submit = useSubmit(form, (v) => save(legalBody(v, company)), { success: 'Les informations de l’entreprise sont enregistrées.' });
  const capital = Number(form.values.capital);

  return (
    <form onSubmit={form.onSubmit((v) => void submit.run(v))} noValidate>
      <Stack gap="lg">
        <Section title="Identité" description="Telle qu’elle apparaît sur vos factures, devis et tickets.">
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <TextInput label="Raison sociale" required {...form.getInputProps('name')} />
            <TextInput label="Nom commercial" {...form.getInputProps('brandName')} />
            <Autocomplete label="Forme juridique" data={LEGAL_FORMS} placeholder="SARL, SAS…" {...form.getInputProps('status')} />
            <NumberInput
              label="Capital social" min={0} decimalScale={2} thousandSeparator=" " decimalSeparator="," suffix=" €"
              description={form.values.capital !== '' && Number.isFinite(capital) ? `Imprimé : ${formatMoney(capital)}` : 'Laisser vide si sans objet'}
              {...form.getInputProps('capital')}
            />
          </SimpleGrid>
        </Section>

        <Section title="Immatriculation">
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <TextInput label="SIREN" description="9 chiffres" inputMode="numeric" {...form.getInputProps('siren')} />
            <TextInput label="SIRET" description="14 chiffres : le SIREN puis 5 chiffres" inputMode="numeric" {...form.getInputProps('siret')} />
            <TextInput
              label="RCS" placeholder="Lyon B 123 456 782" description="Ville du greffe puis SIREN, comme sur l’extrait Kbis"
              {...form.getInputProps('rcs')}
            />
            <TextInput label="Code NAF / APE" placeholder="1071C" {...form.getInputProps('naf')} />
            <TextInput label="Répertoire des métiers (RM)" {...form.getInputProps('rm')} />
          </SimpleGrid>
        </Section>

        <Section title="TVA">
          <Switch label="Assujettie à la TVA" {...form.getInputProps('subjectToVAT', { type: 'checkbox' })} />
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <TextInput label="Numéro de TVA intracommunautaire" placeholder="FR11123456782" disabled={!form.values.subjectToVAT} {...form.getInputProps('vatNumber')} />
            <Select
              label="Calcul de la TVA" data={VAT_METHOD_OPTIONS} allowDeselect={false}
              description="Comment les montants de TVA sont arrondis sur les documents"
              {...form.getInputProps('vatCalculationMethod')}
            />
          </SimpleGrid>
          <Switch
            label="Option pour le paiement de la TVA d’après les débits" disabled={!form.values.subjectToVAT}
            description="La TVA des prestations de services est due à la facturation plutôt qu’à l’encaissement"
            {...form.getInputProps('vatOnDebits', { type: 'checkbox' })}
          />
        </Section>

        <Section title="Paiement" description="Imprimé sur vos factures et dans leur version électronique.">
          <SimpleGrid cols={{ base: 1, sm: 3 }}>
            <TextInput label="IBAN" placeholder="FR76 3000 6000 0112 3456 7890 189" autoComplete="off" {...form.getInputProps('iban')} />
            <TextInput label="BIC" placeholder="AGRIFRPPXXX" autoComplete="off" {...form.getInputProps('bic')} />
            <NumberInput
              label="Délai de paiement" suffix=" jours" min={0} max={60} allowDecimal={false}
              description="Après la date de facture ; 30 jours par défaut, 60 au plus" {...form.getInputProps('paymentTermsDays')}
            />
          </SimpleGrid>
        </Section>

        <Section title="Coordonnées">
          <SimpleGrid cols={{ base: 1, sm: 3 }}>
            <TextInput label="E-mail" type="email" autoComplete="email" {...form.getInputProps('email')} />
            <TextInput label="Téléphone fixe" type="tel" autoComplete="tel" {...form.getInputProps('telBusiness')} />
            <TextInput label="Téléphone mobile" type="tel" {...form.getInputProps('telMobile')} />
          </SimpleGrid>
          <AddressFields form={form} />
        </Section>

        <FormActions busy={submit.busy} dirty={form.isDirty()} error={submit.error} onReset={() => { form.reset(); submit.clearError(); }} />
      </Stack>
    </form>
  );
}
