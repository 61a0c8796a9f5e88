/** One contact: identity, typed phones, e-mails and addresses, dates, linked customers. */
import { Link, useParams } from 'react-router';
import { Anchor, Badge, Button, Group, List, SimpleGrid, Stack, Text } from '@mantine/core';
import { formatDateTime, useComptoir, useEntity, useList } from '@comptoir/sdk/react';
import { PageHeader, QueryFailed, Section } from '@comptoir/sdk/ui';
import { CONTACTS, CUSTOMERS, PERMISSIONS, type Contact, type Customer } from '../api.ts';
import { ADDRESS_TYPE_LABELS, EMAIL_TYPE_LABELS, EVENT_TYPE_LABELS, PHONE_TYPE_LABELS, eventDateLabel, typeLabel } from '../common/labels.ts';
import { DeleteAction } from '../common/DeleteAction.tsx';
import { ArchiveAction } from '../common/ArchiveAction.tsx';
import { Field } from '../common/Field.tsx';

function LinkedCustomers({ contact }: { contact: Contact }) {
  const ids = contact.customers.map((l) => l.customerId);
  const customers = useList<Customer>(CUSTOMERS, { filters: { _id: { mode: 'in', value: ids } }, pagination: { quantity: 100, page: 1 } }, { enabled: ids.length > 0 });
  const names = new Map((customers.data?.data ?? []).map((c) => [c._id, c.displayName]));
  if (ids.length === 0) return <Text size="sm" c="dimmed">Rattaché à aucun client.</Text>;
  return (
    <List spacing={4}>
      {contact.customers.map((l) => (
        <List.Item key={l.customerId}>
          <Group gap="xs">
            <Text size="sm">{names.get(l.customerId) ?? 'Client'}</Text>
            {l.invoicesReceiver && <Badge size="sm" variant="light">Factures</Badge>}
            {l.quotationsReceiver && <Badge size="sm" variant="light" color="grape">Devis</Badge>}
          </Group>
        </List.Item>
      ))}
    </List>
  );
}

export function ContactDetail() {
  const { id = '' } = useParams();
  const { can } = useComptoir();
  const contact = useEntity<Contact>(CONTACTS, id);
  if (contact.isError) return <QueryFailed error={contact.error} title="Contact introuvable" />;
  if (!contact.data) return <Text c="dimmed">Chargement…</Text>;
  const c = contact.data;
  return (
    <Stack data-testid="contacts-contact-detail">
      <Anchor component={Link} to=".." relative="path">← Tous les contacts</Anchor>
      <PageHeader
        title={c.displayName}
        description={(
          <Group gap="xs" component="span">
            {c.archived && <Badge color="gray" data-testid="archived-badge">Archivé</Badge>}
            <Text span size="sm" c="dimmed">Créé le {formatDateTime(c.metadata.creationDate)}</Text>
          </Group>
        )}
        actions={can(PERMISSIONS.contactsManage) && (
          <>
            <Button component={Link} to="modifier">Modifier</Button>
            <ArchiveAction path={CONTACTS} id={c._id} name={c.displayName} archived={c.archived} what="le contact" />
            <DeleteAction path={CONTACTS} id={c._id} name={c.displayName} what="le contact" />
          </>
        )}
      />
      <Section title="Identité">
        <SimpleGrid cols={{ base: 1, sm: 3 }}>
          <Field label="Nom complet" value={[c.prefix, c.firstname, c.secondFirstname, c.name, c.suffix].filter(Boolean).join(' ')} />
          <Field label="Surnom" value={c.nickname} />
          <Field label="Alias" value={c.alias} />
          <Field label="Société" value={c.company} />
          <Field label="Fonction" value={[c.job, c.service].filter(Boolean).join(' — ')} />
          <Field label="Site web" value={c.website} />
        </SimpleGrid>
      </Section>
      <SimpleGrid cols={{ base: 1, md: 2 }}>
        <Section title="Téléphones">
          {c.phoneNumbers.length === 0 ? <Text size="sm" c="dimmed">Aucun.</Text> : c.phoneNumbers.map((p, i) => (
            <Group key={i} gap="xs"><Badge variant="outline" size="sm">{typeLabel(PHONE_TYPE_LABELS, p.type, p.customType)}</Badge><Anchor href={`tel:${p.value.replace(/\s/g, '')}`} size="sm">{p.value}</Anchor></Group>
          ))}
        </Section>
        <Section title="E-mails">
          {c.emails.length === 0 ? <Text size="sm" c="dimmed">Aucun.</Text> : c.emails.map((e, i) => (
            <Group key={i} gap="xs"><Badge variant="outline" size="sm">{typeLabel(EMAIL_TYPE_LABELS, e.type, e.customType)}</Badge><Anchor href={`mailto:${e.email}`} size="sm">{e.email}</Anchor></Group>
          ))}
        </Section>
        <Section title="Adresses">
          {c.addresses.length === 0 ? <Text size="sm" c="dimmed">Aucune.</Text> : c.addresses.map((a, i) => (
            <div key={i}>
              <Badge variant="outline" size="sm">{typeLabel(ADDRESS_TYPE_LABELS, a.type, a.customType)}</Badge>
              <Text size="sm">{[a.address, a.address2].filter(Boolean).join(', ')}</Text>
              <Text size="sm">{[a.zipCode, a.city, a.country].filter(Boolean).join(' ')}</Text>
            </div>
          ))}
        </Section>
        <Section title="Dates">
          {c.events.length === 0 ? <Text size="sm" c="dimmed">Aucune.</Text> : c.events.map((e, i) => (
            <Text key={i} size="sm">{EVENT_TYPE_LABELS[e.type ?? 'birthday'] ?? e.type} : {eventDateLabel(e.date)}</Text>
          ))}
        </Section>
      </SimpleGrid>
      {can(PERMISSIONS.customersRead) && <Section title="Clients"><LinkedCustomers contact={c} /></Section>}
      {c.notes && <Section title="Notes"><Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>{c.notes}</Text></Section>}
    </Stack>
  );
}
