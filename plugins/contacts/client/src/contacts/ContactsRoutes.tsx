/** The screens of contacts (`/contacts`), relative to their mount. */
import { Route, Routes, useParams } from 'react-router';
import { Text } from '@mantine/core';
import { useEntity } from '@comptoir/sdk/react';
import { PageHeader, QueryFailed } from '@comptoir/sdk/ui';
import { CONTACTS, type Contact } from '../api.ts';
import { ContactsList } from './ContactsList.tsx';
import { ContactDetail } from './ContactDetail.tsx';
import { ContactForm } from './ContactForm.tsx';
import { ImportWizard } from '../import/ImportWizard.tsx';

function ContactEdit() {
  const { id = '' } = useParams();
  const contact = useEntity<Contact>(CONTACTS, id);
  if (contact.isError) return <QueryFailed error={contact.error} />;
  if (!contact.data) return <Text c="dimmed">Chargement…</Text>;
  return (
    <>
      <PageHeader title={`Modifier « ${contact.data.displayName} »`} />
      <ContactForm key={contact.data._id} contact={contact.data} />
    </>
  );
}

export function ContactsRoutes() {
  return (
    <Routes>
      <Route index element={<ContactsList />} />
      <Route path="nouveau" element={<><PageHeader title="Nouveau contact" /><ContactForm /></>} />
      <Route path="importer" element={<ImportWizard />} />
      <Route path=":id" element={<ContactDetail />} />
      <Route path=":id/modifier" element={<ContactEdit />} />
      <Route path="*" element={<Text>Cette page n’existe pas.</Text>} />
    </Routes>
  );
}
