/**
 * « Export FEC »: the fiscal year to export, what the file will hold (period, name, entries and
 * totals by journal, « provisoire » while the year is not over) and its download. A refusal of
 * the server (an unbalanced entry, a missing SIREN) is shown as it says it.
 */
import { useState } from 'react';
import { Alert, Badge, Button, Group, Select, Table, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { formatMoney, useComptoir } from '@comptoir/sdk/react';
import { Section, errorMessage, notifyFailed } from '@comptoir/sdk/ui';
import { FEC, FEC_SUMMARY, type FecSummary } from './accountingApi.ts';
import { exportableYears, frenchDay } from './accountingText.ts';

export function FecPanel() {
  const { api, company } = useComptoir();
  const [year, setYear] = useState(String(new Date().getFullYear() - 1));
  const [downloading, setDownloading] = useState(false);
  const summary = useQuery({
    queryKey: ['invoicing', 'fec', 'summary', year, company?._id ?? null],
    queryFn: () => api.get<FecSummary>(FEC_SUMMARY, { fiscalYear: year }),
    retry: false,
  });
  const s = summary.data;

  async function download() {
    setDownloading(true);
    try {
      await api.download(FEC, { fiscalYear: year }, { method: 'GET', fileName: s?.fileName });
    } catch (e) {
      notifyFailed(e, 'Export FEC impossible');
    } finally {
      setDownloading(false);
    }
  }

  return (
    <Section title="Export FEC" description="Le fichier des écritures comptables d’un exercice, à remettre à votre expert-comptable ou à l’administration fiscale : ventes, avoirs, règlements (et achats), au format de l’article A. 47 A-1 du LPF.">
      <Group align="flex-end">
        <Select label="Exercice clos en" data={exportableYears(new Date()).map(String)} value={year} allowDeselect={false} w={180}
          onChange={(v) => setYear(v ?? year)} data-testid="fec-year" />
        <Button onClick={() => void download()} loading={downloading} disabled={!s} data-testid="fec-download">Télécharger le FEC</Button>
      </Group>
      {summary.isPending && <Text c="dimmed" size="sm">Préparation du résumé…</Text>}
      {summary.isError && <Alert color="red" title="Export impossible" role="alert">{errorMessage(summary.error)}</Alert>}
      {s && (
        <div data-testid="fec-summary">
          <Group gap="xs" mb="xs">
            <Text>{`${s.fiscalYear.name ?? 'Exercice'} du ${frenchDay(s.fiscalYear.firstDay)} au ${frenchDay(s.fiscalYear.lastDay)} — fichier ${s.fileName}`}</Text>
            {!s.fiscalYear.closed && <Badge color="orange" variant="light">Exercice en cours : fichier provisoire</Badge>}
          </Group>
          <Text size="sm" mb="sm">{`${s.entries} écriture${s.entries > 1 ? 's' : ''}, ${s.lines} ligne${s.lines > 1 ? 's' : ''} ; total des débits ${formatMoney(Number(s.debit))}, égal au total des crédits.`}</Text>
          {s.journals.length > 0 && (
            <Table striped aria-label="Journaux du FEC">
              <Table.Thead>
                <Table.Tr><Table.Th>Journal</Table.Th><Table.Th ta="right">Écritures</Table.Th><Table.Th ta="right">Débit</Table.Th><Table.Th ta="right">Crédit</Table.Th></Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {s.journals.map((j) => (
                  <Table.Tr key={j.code}>
                    <Table.Td>{`${j.code} — ${j.label}`}</Table.Td>
                    <Table.Td ta="right">{j.entries}</Table.Td>
                    <Table.Td ta="right">{formatMoney(Number(j.debit))}</Table.Td>
                    <Table.Td ta="right">{formatMoney(Number(j.credit))}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          )}
        </div>
      )}
    </Section>
  );
}
