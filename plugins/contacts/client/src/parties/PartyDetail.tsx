/** One customer or provider: its details, addresses, and the edit, archive / restore and delete actions. */
import { Link, useParams } from 'react-router';
import { Anchor, Badge, Button, Card, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { formatDateTime, formatMoney, useComptoir, useEntity } from '@comptoir/sdk/react';
import { PageHeader, QueryFailed, Section, UserPropsCard } from '@comptoir/sdk/ui';
import { PARTY_KINDS, type Party, type PartyKind } from '../api.ts';
import { GENDER_LABELS, ORIGIN_LABELS } from '../common/labels.ts';
import { DeleteAction } from '../common/DeleteAction.tsx';
import { ArchiveAction } from '../common/ArchiveAction.tsx';
import { Field } from '../common/Field.tsx';

export function PartyDetail({ kind }: { kind: PartyKind }) {
  const info = PARTY_KINDS[kind];
  const { id = '' } = useParams();
  const { can } = useComptoir();
  const party = useEntity<Party>(info.path, id);

  if (party.isError) return <QueryFailed error={party.error} title={`${info.one[0].toUpperCase()}${info.one.slice(1)} introuvable`} />;
  if (!party.data) return <Text c="dimmed">Chargement…</Text>;
  const p = party.data;
  return (
    <Stack data-testid={`contacts-${kind}-detail`}>
      <Anchor component={Link} to=".." relative="path">← Tous les {info.many}</Anchor>
      <PageHeader
        title={p.displayName}
        description={(
          <Group gap="xs" component="span">
            {p.archived && <Badge color="gray" data-testid="archived-badge">Archivé</Badge>}
            <Text span size="sm" c="dimmed">Créé le {formatDateTime(p.metadata.creationDate)}</Text>
          </Group>
        )}
        actions={can(info.manage) && (
          <>
            <Button component={Link} to="modifier">Modifier</Button>
            <ArchiveAction path={info.path} id={p._id} name={p.displayName} archived={p.archived} what={info.the} />
            <DeleteAction path={info.path} id={p._id} name={p.displayName} what={info.the}
              consequence={`Les contacts qui le citent ne le citeront plus. S’il figure sur des documents (${kind === 'customers' ? 'factures, devis, paiements' : 'achats, paiements'}), il ne peut pas être supprimé : archivez-le.`} />
          </>
        )}
      />
      <Section title="Coordonnées">
        <SimpleGrid cols={{ base: 1, sm: 3 }}>
          <Field label="Raison sociale" value={p.company} />
          <Field label="Personne" value={[p.civ, p.firstname, p.name].filter(Boolean).join(' ')} />
          <Field label="Genre" value={GENDER_LABELS[p.gender] ?? p.gender} />
          <Field label="E-mail" value={p.email} />
          <Field label="Mobile" value={p.telMobile} />
          <Field label="Fixe" value={p.telHome} />
          <Field label="Fax" value={p.telFax} />
          <Field label="N° de TVA" value={p.vatNumber} />
          {kind === 'customers' && (
            <>
              <Field label="SIREN" value={p.siren} />
              <Field label="SIRET" value={p.siret} />
              <Field label="Adresse électronique de facturation" value={p.electronicAddress} />
              <Field label="Client professionnel" value={p.professional === true ? 'Oui' : p.professional === false ? 'Non, particulier' : 'Selon sa fiche'} />
              <Field label="Délai de paiement" value={typeof p.paymentTermsDays === 'number' ? `${p.paymentTermsDays} jours` : 'Celui de l’entreprise'} />
            </>
          )}
          <Field label="Solde" value={formatMoney(p.balance)} />
          {info.withOrigin && <Field label="Origine" value={ORIGIN_LABELS[p.origin ?? ''] ?? p.origin} />}
          <Field label="Libellés de virement" value={p.bankTransferLabels.join(', ')} />
        </SimpleGrid>
      </Section>
      <UserPropsCard collection={`contacts.${kind}`} values={p.userProps} />
      <Section title="Adresses">
        {p.addresses.length === 0 ? <Text size="sm" c="dimmed">Aucune adresse.</Text> : (
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            {p.addresses.map((a, i) => (
              <Card key={i} withBorder padding="sm">
                <Group justify="space-between" mb={4}>
                  <Title order={3} size="h6">{a.name || `Adresse ${i + 1}`}</Title>
                  <Group gap={4}>
                    {a.delivery && <Badge variant="light">Livraison</Badge>}
                    {a.invoicing && <Badge variant="light" color="grape">Facturation</Badge>}
                  </Group>
                </Group>
                <Text size="sm">{a.address}</Text>
                {a.address2 && <Text size="sm">{a.address2}</Text>}
                <Text size="sm">{[a.zipCode, a.city].filter(Boolean).join(' ')}</Text>
                {a.country && <Text size="sm">{a.country}</Text>}
              </Card>
            ))}
          </SimpleGrid>
        )}
      </Section>
      {p.notes && <Section title="Notes"><Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>{p.notes}</Text></Section>}
    </Stack>
  );
}
