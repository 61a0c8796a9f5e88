/**
 * `/comptabilite/plan-comptable`: the chart of accounts of the FEC export. Each role (customers,
 * sales of goods, VAT collected at 20 %…) has an account number and a label, each journal a code;
 * the defaults are a French chart (PCG) for a small company. What is saved applies to the next
 * export; a role left out keeps its default.
 */
import { useState } from 'react';
import { Link } from 'react-router';
import { Anchor, Button, Group, Loader, NumberInput, Select, Stack } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useComptoir } from '@comptoir/sdk/react';
import { ConfirmDialog, FormActions, PageHeader, QueryFailed, Section, notifySaved, useSubmit } from '@comptoir/sdk/ui';
import { ACCOUNTING_PERMISSIONS, ACCOUNTING_SETTINGS, type Chart } from './accountingApi.ts';
import { ROLE_LABELS, rate } from './accountingText.ts';
import { AccountsTable, JournalsTable } from './ChartTables.tsx';

const KEY = ['invoicing', 'accounting-settings'];

export function ChartScreen() {
  const { api, company } = useComptoir();
  const chart = useQuery({ queryKey: [...KEY, company?._id ?? null], queryFn: () => api.get<Chart>(ACCOUNTING_SETTINGS) });
  if (chart.isPending) return <Loader aria-label="Chargement du plan comptable" />;
  if (chart.isError) return <QueryFailed error={chart.error} onRetry={() => void chart.refetch()} />;
  return <ChartForm chart={chart.data} />;
}

function ChartForm({ chart }: { chart: Chart }) {
  const { api, can } = useComptoir();
  const queries = useQueryClient();
  const manage = can(ACCOUNTING_PERMISSIONS.manage);
  const [resetting, setResetting] = useState(false);
  const [vatRole, setVatRole] = useState<'vatCollected' | 'vatDeductible'>('vatCollected');
  const [vatRate, setVatRate] = useState<number | string>('');
  const form = useForm<Chart>({ initialValues: chart });

  const show = (saved: Chart) => {
    form.setInitialValues(saved);
    form.setValues(saved);
    form.resetDirty(saved);
  };
  async function save(body: Chart) {
    show(await api.put<Chart>(ACCOUNTING_SETTINGS, body));
    await queries.invalidateQueries({ queryKey: KEY });
    await queries.invalidateQueries({ queryKey: ['invoicing', 'fec'] });
  }
  const submit = useSubmit(form, save, { success: 'Le plan comptable est enregistré.', keepValues: false });

  function addVatAccount() {
    if (typeof vatRate !== 'number') return;
    form.insertListItem('accounts', { role: vatRole, vatRate, number: '', label: `${ROLE_LABELS[vatRole]} ${rate(vatRate)}` });
    setVatRate('');
  }

  return (
    <form onSubmit={form.onSubmit((v) => void submit.run(v))} noValidate data-testid="invoicing-chart">
      <Stack gap="lg" maw={1000}>
        <Anchor component={Link} to=".." relative="path" size="sm">← Comptabilité</Anchor>
        <PageHeader title="Plan comptable" description="Les comptes et journaux du fichier des écritures comptables (FEC). Les clients ont chacun leur compte auxiliaire sous le compte collectif." />
        <fieldset disabled={!manage} style={{ border: 0, padding: 0, margin: 0 }}>
          <Stack gap="lg">
            <Section title="Comptes">
              <AccountsTable form={form} />
              <Group align="flex-end">
                <Select label="Ajouter un sous-compte de TVA" w={220} allowDeselect={false} value={vatRole}
                  data={[{ value: 'vatCollected', label: ROLE_LABELS.vatCollected }, { value: 'vatDeductible', label: ROLE_LABELS.vatDeductible }]}
                  onChange={(v) => setVatRole((v as typeof vatRole) ?? 'vatCollected')} />
                <NumberInput label="Taux (%)" w={120} min={0} max={100} decimalScale={2} decimalSeparator="," value={vatRate} onChange={setVatRate} />
                <Button variant="light" onClick={addVatAccount} disabled={typeof vatRate !== 'number'}>Ajouter</Button>
              </Group>
            </Section>
            <Section title="Journaux">
              <JournalsTable form={form} />
            </Section>
          </Stack>
        </fieldset>
        {manage && (
          <>
            <FormActions busy={submit.busy} dirty={form.isDirty()} error={submit.error} onReset={() => { form.reset(); submit.clearError(); }} />
            <Group justify="flex-end">
              <Button variant="subtle" color="gray" onClick={() => setResetting(true)}>Revenir au plan par défaut</Button>
            </Group>
          </>
        )}
      </Stack>
      <ConfirmDialog opened={resetting} title="Revenir au plan par défaut" confirmLabel="Revenir au plan par défaut"
        onClose={() => setResetting(false)}
        onConfirm={async () => { await save({ accounts: [], journals: [] }); notifySaved('Le plan comptable par défaut est rétabli.'); }}>
        Tous les numéros de comptes et codes journaux reprennent leur valeur par défaut ; les sous-comptes de TVA ajoutés sont retirés.
      </ConfirmDialog>
    </form>
  );
}
