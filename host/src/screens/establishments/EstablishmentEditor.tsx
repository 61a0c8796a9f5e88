/**
 * One establishment, new or existing: name, address, website, telephones, regular and special
 * opening hours; once saved, whether it is open now and its next 7 days.
 */
import { useState } from 'react';
import { Alert, Button, Grid, Group, SimpleGrid, Stack, TextInput, Textarea } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useNavigate } from 'react-router';
import type { Establishment } from '@comptoir/schemas';
import { useComptoir, useInvalidate } from '@comptoir/sdk/react';
import { PageHeader, Section, applyApiError, notifySaved, pathsOf } from '@comptoir/sdk/ui';
import { OpeningPanel } from './OpeningPanel.tsx';
import { PhonesEditor } from './PhonesEditor.tsx';
import { RegularHoursEditor } from './RegularHoursEditor.tsx';
import { SpecialHoursEditor } from './SpecialHoursEditor.tsx';
import { ESTABLISHMENTS_PATH, ESTABLISHMENTS_PERMISSION, NEW_ESTABLISHMENT, bodyOf, valuesOf, type EstablishmentValues } from './establishmentValues.ts';

export function EstablishmentEditor({ establishment }: { establishment: Establishment | null }) {
  const { api, can } = useComptoir();
  const canManage = can(ESTABLISHMENTS_PERMISSION);
  const invalidate = useInvalidate();
  const navigate = useNavigate();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const form = useForm<EstablishmentValues>({
    initialValues: establishment ? valuesOf(establishment) : NEW_ESTABLISHMENT,
    validate: { name: (v) => (v.trim() ? null : 'Le nom est obligatoire.') },
  });

  async function save(v: EstablishmentValues) {
    setBusy(true);
    setError(null);
    try {
      const body = bodyOf(v);
      const saved = establishment
        ? await api.put<Establishment>(`${ESTABLISHMENTS_PATH}/${establishment._id}`, body)
        : await api.post<Establishment>(ESTABLISHMENTS_PATH, body);
      await invalidate(ESTABLISHMENTS_PATH);
      notifySaved(`Établissement « ${saved.name} » enregistré.`);
      if (establishment) form.resetDirty(valuesOf(saved));
      else navigate(`../${saved._id}`, { relative: 'path', replace: true });
    } catch (e) {
      setError(applyApiError(form, e, pathsOf(form.values)));
    } finally {
      setBusy(false);
    }
  }

  return (
    <>
      <PageHeader
        title={establishment ? establishment.name : 'Nouvel établissement'}
        description="Adresse, téléphones et horaires d’ouverture (heure de Paris)."
        actions={<Button variant="default" onClick={() => navigate('..', { relative: 'path' })}>Retour à la liste</Button>}
      />
      <Grid>
        <Grid.Col span={{ base: 12, lg: establishment ? 8 : 12 }}>
          <form onSubmit={form.onSubmit((v) => void save(v))} noValidate aria-label="Établissement">
            <fieldset disabled={!canManage} style={{ border: 0, padding: 0, margin: 0 }}>
              <Stack>
                <Section title="Informations">
                  <SimpleGrid cols={{ base: 1, sm: 2 }}>
                    <TextInput label="Nom" required {...form.getInputProps('name')} />
                    <TextInput label="Site web" placeholder="https://…" {...form.getInputProps('website')} />
                  </SimpleGrid>
                  <Textarea label="Description" autosize minRows={2} mt="sm" {...form.getInputProps('description')} />
                </Section>
                <Section title="Adresse">
                  <SimpleGrid cols={{ base: 1, sm: 2 }}>
                    <TextInput label="Adresse" {...form.getInputProps('address.address')} />
                    <TextInput label="Complément d’adresse" {...form.getInputProps('address.address2')} />
                    <TextInput label="Code postal" {...form.getInputProps('address.zipCode')} />
                    <TextInput label="Ville" {...form.getInputProps('address.city')} />
                    <TextInput label="Pays" {...form.getInputProps('address.country')} />
                  </SimpleGrid>
                </Section>
                <Section title="Téléphones"><PhonesEditor form={form} tels={form.values.tels} /></Section>
                <Section title="Horaires habituels"><RegularHoursEditor form={form} entries={form.values.regularHours} /></Section>
                <Section title="Horaires exceptionnels"><SpecialHoursEditor form={form} entries={form.values.specialHours} /></Section>
                {error && <Alert color="red" title="Enregistrement impossible" role="alert">{error}</Alert>}
                {canManage && (
                  <Group justify="flex-end">
                    <Button type="submit" loading={busy}>{establishment ? 'Enregistrer' : 'Créer l’établissement'}</Button>
                  </Group>
                )}
              </Stack>
            </fieldset>
          </form>
        </Grid.Col>
        {establishment && (
          <Grid.Col span={{ base: 12, lg: 4 }}>
            <OpeningPanel id={establishment._id} version={establishment.metadata.lastModificationDate} />
          </Grid.Col>
        )}
      </Grid>
    </>
  );
}
