/** Creation and edition of a contact; back to its page once saved. */
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { Alert, Button, Group, SimpleGrid, Stack, TextInput, Textarea } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useComptoir, useInvalidate } from '@comptoir/sdk/react';
import { Section, applyApiError, notifySaved, pathsOf } from '@comptoir/sdk/ui';
import { CONTACTS, PERMISSIONS, type Contact } from '../api.ts';
import { EMAIL_TYPE_LABELS, PHONE_TYPE_LABELS } from '../common/labels.ts';
import { TypedEntriesEditor } from './TypedEntriesEditor.tsx';
import { ContactAddressesEditor } from './ContactAddressesEditor.tsx';
import { EventsEditor } from './EventsEditor.tsx';
import { CustomerLinksEditor } from './CustomerLinksEditor.tsx';
import { API_FIELD_RENAME, contactBody, contactValues, validateContact, type ContactValues } from './contactValues.ts';

export function ContactForm({ contact }: { contact?: Contact }) {
  const { api, can } = useComptoir();
  const invalidate = useInvalidate();
  const navigate = useNavigate();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const form = useForm<ContactValues>({ initialValues: contactValues(contact), validate: validateContact });

  async function save(v: ContactValues) {
    setBusy(true);
    setError(null);
    try {
      const body = contactBody(v, !!contact);
      const saved = contact
        ? await api.put<Contact>(`${CONTACTS}/${encodeURIComponent(contact._id)}`, body)
        : await api.post<Contact>(CONTACTS, body);
      await invalidate(CONTACTS);
      notifySaved(`« ${saved.displayName} » est enregistré.`);
      navigate(contact ? '..' : `../${saved._id}`, { relative: 'path' });
    } catch (e) {
      setError(applyApiError(form, e, pathsOf(form.values), API_FIELD_RENAME(v.emails.length)));
    } finally {
      setBusy(false);
    }
  }

  return (
    <form onSubmit={form.onSubmit((v) => void save(v))} noValidate data-testid="contacts-contact-form">
      <Stack gap="lg">
        <Section title="Identité" description="Le nom affiché est l’alias, sinon le prénom et le nom, sinon le surnom, sinon la société.">
          <SimpleGrid cols={{ base: 1, sm: 3 }}>
            <TextInput label="Civilité" placeholder="M., Mme, Dr…" {...form.getInputProps('prefix')} />
            <TextInput label="Prénom" {...form.getInputProps('firstname')} />
            <TextInput label="Deuxième prénom" {...form.getInputProps('secondFirstname')} />
            <TextInput label="Nom" {...form.getInputProps('name')} />
            <TextInput label="Suffixe" placeholder="Jr., III…" {...form.getInputProps('suffix')} />
            <TextInput label="Surnom" {...form.getInputProps('nickname')} />
            <TextInput label="Alias" description="Remplace le nom affiché" {...form.getInputProps('alias')} />
            <TextInput label="Prononciation" {...form.getInputProps('phonetics')} />
          </SimpleGrid>
        </Section>
        <Section title="Travail">
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <TextInput label="Société" {...form.getInputProps('company')} />
            <TextInput label="Fonction" {...form.getInputProps('job')} />
            <TextInput label="Service" {...form.getInputProps('service')} />
            <TextInput label="Site web" placeholder="https://…" {...form.getInputProps('website')} />
          </SimpleGrid>
        </Section>
        <Section title="Téléphones">
          <TypedEntriesEditor form={form} field="phoneNumbers" labels={PHONE_TYPE_LABELS} valueLabel="Numéro" inputType="tel" addLabel="Ajouter un téléphone" empty="Aucun téléphone." />
        </Section>
        <Section title="E-mails">
          <TypedEntriesEditor form={form} field="emails" labels={EMAIL_TYPE_LABELS} valueLabel="Adresse e-mail" inputType="email" addLabel="Ajouter un e-mail" empty="Aucun e-mail." />
        </Section>
        <Section title="Adresses"><ContactAddressesEditor form={form} /></Section>
        <Section title="Dates"><EventsEditor form={form} /></Section>
        {can(PERMISSIONS.customersRead) && (
          <Section title="Clients" description="Un contact rattaché à un client peut recevoir ses factures et ses devis.">
            <CustomerLinksEditor form={form} />
          </Section>
        )}
        <Section title="Notes"><Textarea autosize minRows={3} aria-label="Notes" {...form.getInputProps('notes')} /></Section>
        {error && <Alert color="red" title="Enregistrement impossible" role="alert">{error}</Alert>}
        <Group justify="flex-end">
          <Button variant="default" onClick={() => navigate('..', { relative: 'path' })} disabled={busy}>Annuler</Button>
          <Button type="submit" loading={busy}>Enregistrer</Button>
        </Group>
      </Stack>
    </form>
  );
}
