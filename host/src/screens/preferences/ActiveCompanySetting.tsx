/**
 * `settings.activeCompanyId`: the company opened at sign-in. Saving it also switches the shell to
 * it now, as the company selector of the header does.
 */
import { useState } from 'react';
import { Button, Group, Select, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useComptoir, type ComptoirCompany } from '@comptoir/sdk/react';
import { notifyFailed, notifySaved, Section } from '@comptoir/sdk/ui';
import { useSaveMe } from './useSaveMe.ts';

export function ActiveCompanySetting() {
  const { api, user, company, switchCompany } = useComptoir();
  const saveMe = useSaveMe();
  const stored = user?.settings?.activeCompanyId ?? company?._id ?? null;
  const [value, setValue] = useState<string | null>(stored);
  const [busy, setBusy] = useState(false);
  // the same query (key and answer) as the company selector of the header
  const companies = useQuery({
    queryKey: ['kernel', 'companies', 'mine'],
    queryFn: () => api.list<ComptoirCompany>('/kernel/companies', { pagination: { quantity: 500, page: 1 } }),
    staleTime: 5 * 60_000,
  });
  const options = (companies.data?.data ?? []).map((c) => ({ value: c._id, label: c.name }));

  async function save() {
    if (!value) return;
    setBusy(true);
    try {
      await saveMe({ settings: { activeCompanyId: value } });
      notifySaved('Votre entreprise par défaut est enregistrée.');
      if (value !== company?._id) await switchCompany(value);
    } catch (e) {
      notifyFailed(e, 'L’entreprise n’a pas pu être enregistrée');
    } finally {
      setBusy(false);
    }
  }

  return (
    <Section title="Entreprise active" description="L’entreprise ouverte à votre connexion ; vous pouvez en changer à tout moment en haut de l’écran.">
      <Stack gap="xs">
        <Group align="flex-end">
          <Select
            label="Entreprise" data={options} value={value} onChange={setValue} allowDeselect={false} w={{ base: '100%', sm: 360 }}
            searchable={options.length > 8} nothingFoundMessage="Aucune entreprise" disabled={companies.isPending}
          />
          <Button onClick={() => void save()} loading={busy} disabled={!value || value === stored}>Enregistrer</Button>
        </Group>
        {companies.isError && <Text size="sm" c="red">Impossible de charger la liste de vos entreprises.</Text>}
      </Stack>
    </Section>
  );
}
