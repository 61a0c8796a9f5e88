/** Creation and edition of a customer or provider; back to its page once saved. */
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { Alert, Button, Group, Select, SimpleGrid, Stack, TagsInput, TextInput, Textarea } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useComptoir, useInvalidate } from '@comptoir/sdk/react';
import { Section, UserPropsFields, applyApiError, notifySaved, pathsOf } from '@comptoir/sdk/ui';
import { PARTY_KINDS, type Party, type PartyKind } from '../api.ts';
import { GENDER_LABELS, ORIGIN_LABELS, optionsOf } from '../common/labels.ts';
import { AddressesEditor } from './AddressesEditor.tsx';
import { partyBody, partyValues, validateParty, type PartyValues } from './partyValues.ts';
import { InvoicingFields } from './InvoicingFields.tsx';

export function PartyForm({ kind, party }: { kind: PartyKind; party?: Party }) {
  const info = PARTY_KINDS[kind];
  const { api } = useComptoir();
  const invalidate = useInvalidate();
  const navigate = useNavigate();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const customer = kind === 'customers';
  const form = useForm<PartyValues>({ initialValues: partyValues(party), validate: (v) => validateParty(v, party, customer) });

  async function save(v: PartyValues) {
    setBusy(true);
    setError(null);
    try {
      const body = partyBody(v, { update: !!party, withOrigin: info.withOrigin, customer });
      const saved = party
        ? await api.put<Party>(`${info.path}/${encodeURIComponent(party._id)}`, body)
        : await api.post<Party>(info.path, body);
      await invalidate(info.path);
      notifySaved(`« ${saved.displayName} » est enregistré.`);
      navigate(party ? '..' : `../${saved._id}`, { relative: 'path' });
    } catch (e) {
      setError(applyApiError(form, e, pathsOf(form.values)));
    } finally {
      setBusy(false);
    }
  }

  return (
    <form onSubmit={form.onSubmit((v) => void save(v))} noValidate data-testid={`contacts-${kind}-form`}>
      <Stack gap="lg">
        <UserPropsFields form={form} collection={`contacts.${kind}`} placement="start" />
        <Section title="Identité" description="Une raison sociale, un nom ou un prénom au moins.">
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <TextInput label="Raison sociale" {...form.getInputProps('company')} />
            <TextInput label="Numéro de TVA intracommunautaire" placeholder="FR40303265045" {...form.getInputProps('vatNumber')} />
            <TextInput label="Civilité" placeholder="M., Mme…" {...form.getInputProps('civ')} />
            <Select label="Genre" data={optionsOf(GENDER_LABELS, form.values.gender)} allowDeselect={false} {...form.getInputProps('gender')} />
            <TextInput label="Prénom" {...form.getInputProps('firstname')} />
            <TextInput label="Nom" {...form.getInputProps('name')} />
          </SimpleGrid>
        </Section>
        {customer && <InvoicingFields form={form} />}
        <Section title="Coordonnées">
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <TextInput label="E-mail" type="email" {...form.getInputProps('email')} />
            <TextInput label="Téléphone mobile" type="tel" {...form.getInputProps('telMobile')} />
            <TextInput label="Téléphone fixe" type="tel" {...form.getInputProps('telHome')} />
            <TextInput label="Fax" type="tel" {...form.getInputProps('telFax')} />
          </SimpleGrid>
        </Section>
        <Section title="Adresses">
          <AddressesEditor form={form} />
        </Section>
        <Section title="Suivi">
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            {info.withOrigin && (
              <Select label="Origine" description="Comment ce client vous a connu" data={optionsOf(ORIGIN_LABELS, form.values.origin)} allowDeselect={false} {...form.getInputProps('origin')} />
            )}
            <TagsInput
              label="Libellés de virement" description="Textes reconnus sur vos relevés bancaires (Entrée pour ajouter)"
              {...form.getInputProps('bankTransferLabels')}
            />
          </SimpleGrid>
          <Textarea label="Notes" autosize minRows={3} {...form.getInputProps('notes')} />
        </Section>
        <UserPropsFields form={form} collection={`contacts.${kind}`} placement="end" />
        {error && <Alert color="red" title="Enregistrement impossible" role="alert">{error}</Alert>}
        <Group justify="flex-end">
          <Button variant="default" onClick={() => navigate('..', { relative: 'path' })} disabled={busy}>Annuler</Button>
          <Button type="submit" loading={busy}>Enregistrer</Button>
        </Group>
      </Stack>
    </form>
  );
}
