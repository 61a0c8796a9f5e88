/**
 * The monthly view (README « Screens »): income and outcome per month with the balance at each
 * month's end, over 6, 12 or 24 months and one account or all; then one month's categories and
 * sub-categories. From `GET /months` (MonthInfo, kept by the ledger) and the accounts' balances.
 */
import { lazy, Suspense, useMemo, useState } from 'react';
import { Alert, Group, Loader, SegmentedControl, Select, Stack, Table, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { formatMoney, useComptoir, useList } from '@comptoir/sdk/react';
import { ACCOUNTS, CATEGORIES, MONTHS, type MonthInfo, type OperationAccount, type OperationCategory } from '../api.ts';
import { monthName, monthRange, monthSeries, namedLines } from './monthSeries.ts';

const MonthChart = lazy(() => import('./MonthChart.tsx'));

const thisMonth = () => new Intl.DateTimeFormat('fr-CA', { timeZone: 'Europe/Paris', year: 'numeric', month: '2-digit' }).format(new Date()).slice(0, 7);

export function MonthsScreen() {
  const { api, company } = useComptoir();
  const [span, setSpan] = useState('12');
  const [account, setAccount] = useState<string | null>(null);
  const last = thisMonth();
  const months = useMemo(() => monthRange(last, Number(span)), [last, span]);
  const [chosen, setChosen] = useState<string>(last);
  const accounts = useList<OperationAccount>(ACCOUNTS, { pagination: { quantity: 100 } });
  const categories = useList<OperationCategory>(CATEGORIES, { pagination: { quantity: 500 } });
  const query = { from: months[0], ...(account ? { accounts: account } : {}) };
  const answer = useQuery({
    queryKey: ['banking', 'months', query, company?._id ?? null],
    // every month from the first shown up to today: the balance is worked back from today's
    queryFn: () => api.get<{ data: MonthInfo[] }>(MONTHS, query),
  });
  const accountList = accounts.data?.data ?? [];
  const balance = accountList.filter((a) => !account || a._id === account).reduce((s, a) => s + a.balance, 0);
  const data = answer.data?.data ?? [];
  const series = monthSeries(months, data, balance, data.filter((m) => m.date > last).reduce((s, m) => s + m.total, 0));
  const names = new Map((categories.data?.data ?? []).map((c) => [c._id, c.name]));
  const month = data.find((m) => m.date === chosen);
  const lines = namedLines(month?.categories ?? [], names);
  const subs = namedLines(month?.subCategories ?? [], names);
  const labels = series.map((s) => monthName(s.month));

  return (
    <Stack data-testid="banking-months">
      <Group align="end">
        <SegmentedControl value={span} onChange={setSpan} data={[{ value: '6', label: '6 mois' }, { value: '12', label: '12 mois' }, { value: '24', label: '24 mois' }]} aria-label="Période" />
        <Select label="Compte" placeholder="Tous les comptes" clearable data={accountList.map((a) => ({ value: a._id, label: a.name }))} value={account} onChange={setAccount} />
      </Group>
      {answer.isError && <Alert color="red" title="Chargement impossible">{(answer.error as Error).message}</Alert>}
      {answer.isPending ? <Loader /> : (
        <Suspense fallback={<Loader />}>
          <Title order={4}>Entrées, sorties et solde par mois</Title>
          <MonthChart
            testId="banking-months-chart" labels={labels}
            bars={[{ name: 'Entrées', values: series.map((s) => s.income), color: 'green' }, { name: 'Sorties', values: series.map((s) => s.outcome), color: 'red' }]}
            line={{ name: 'Solde en fin de mois', values: series.map((s) => s.balance) }}
            summary={series.map((s) => `${monthName(s.month)} : ${formatMoney(s.income)} d’entrées, ${formatMoney(s.outcome)} de sorties, solde ${formatMoney(s.balance)}`).join(' ; ')}
          />
          <Group align="end">
            <Title order={4}>Par catégorie</Title>
            <Select aria-label="Mois" data={[...months].reverse().map((m) => ({ value: m, label: monthName(m) }))} value={chosen} onChange={(v) => v && setChosen(v)} allowDeselect={false} />
          </Group>
          {lines.length === 0 ? <Text c="dimmed">Aucune opération en {monthName(chosen)}.</Text> : (
            <>
              <MonthChart
                testId="banking-categories-chart" horizontal labels={lines.map((l) => l.name)}
                bars={[{ name: 'Entrées', values: lines.map((l) => l.income), color: 'green' }, { name: 'Sorties', values: lines.map((l) => l.outcome), color: 'red' }]}
                summary={lines.map((l) => `${l.name} : ${formatMoney(l.income)} d’entrées, ${formatMoney(l.outcome)} de sorties`).join(' ; ')}
              />
              <Table striped data-testid="banking-month-categories">
                <Table.Thead>
                  <Table.Tr><Table.Th>Catégorie</Table.Th><Table.Th ta="right">Entrées</Table.Th><Table.Th ta="right">Sorties</Table.Th><Table.Th ta="right">Total</Table.Th><Table.Th ta="right">Opérations</Table.Th></Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {lines.map((l) => (
                    <Table.Tr key={l.id}>
                      <Table.Td>{l.name}</Table.Td><Table.Td ta="right">{formatMoney(l.income)}</Table.Td><Table.Td ta="right">{formatMoney(l.outcome)}</Table.Td>
                      <Table.Td ta="right" c={l.total < 0 ? 'red' : undefined}>{formatMoney(l.total)}</Table.Td><Table.Td ta="right">{l.count}</Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
              {subs.some((s) => s.id !== 'none') && (
                <Text size="sm" c="dimmed">
                  Sous-catégories : {subs.filter((s) => s.id !== 'none').map((s) => `${s.name} ${formatMoney(s.total)}`).join(' · ')}
                </Text>
              )}
            </>
          )}
        </Suspense>
      )}
    </Stack>
  );
}
