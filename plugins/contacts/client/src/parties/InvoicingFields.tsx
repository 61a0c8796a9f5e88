/**
 * What a customer adds for invoicing (README « Invoicing identifiers »): SIREN, SIRET, electronic
 * invoicing address, whether it is a professional, its own term of payment.
 */
import { NumberInput, Select, SimpleGrid, TextInput } from '@mantine/core';
import { PAYMENT_TERMS_MAX_DAYS, Section, type FormFields } from '@comptoir/sdk/ui';
import type { PartyValues } from './partyValues.ts';

export const PROFESSIONAL_OPTIONS = [
  { value: 'auto', label: 'Selon sa fiche (raison sociale, SIREN, TVA…)' },
  { value: 'yes', label: 'Oui, client professionnel' },
  { value: 'no', label: 'Non, particulier' },
];

export function InvoicingFields({ form }: { form: FormFields<PartyValues> }) {
  return (
    <Section title="Facturation" description="Imprimés sur vos factures et dans leur version électronique.">
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <TextInput label="SIREN" description="9 chiffres" inputMode="numeric" {...form.getInputProps('siren')} />
        <TextInput label="SIRET" description="14 chiffres : le SIREN puis 5 chiffres" inputMode="numeric" {...form.getInputProps('siret')} />
        <TextInput
          label="Adresse électronique de facturation" placeholder="303265045"
          description="Celle de l’annuaire de la facturation électronique : le SIREN, suivi si besoin de « _ » et d’un suffixe"
          {...form.getInputProps('electronicAddress')}
        />
        <Select
          label="Client professionnel" data={PROFESSIONAL_OPTIONS} allowDeselect={false}
          description="Pénalités de retard et indemnité de 40 € des professionnels"
          {...form.getInputProps('professional')}
        />
        <NumberInput
          label="Délai de paiement" suffix=" jours" min={0} max={PAYMENT_TERMS_MAX_DAYS} allowDecimal={false}
          description="Vide : celui de l’entreprise" {...form.getInputProps('paymentTermsDays')}
        />
      </SimpleGrid>
    </Section>
  );
}
