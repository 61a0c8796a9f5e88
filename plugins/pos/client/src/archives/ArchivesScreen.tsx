/**
 * The till's archives (`/caisse/archives`): the verification status of the chains (receipts, X and
 * Z tickets, archives, event log), each archive with its status and its signed export for a tax
 * audit, a period archived on demand, and an export file checked against the company's key.
 */
import { useState } from 'react';
import { Link } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { Alert, Badge, Button, FileInput, Group, List, Loader, Select, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import { formatMoney, useComptoir, useInvalidate, useList } from '@comptoir/sdk/react';
import { PageHeader } from '@comptoir/sdk/ui';
import { ARCHIVES, EXPORT_VERIFY, INTEGRITY, MANAGE, errorText, type Archive, type IntegrityAnswer } from '../api.ts';

const FREQUENCIES = [
  { value: 'daily', label: 'Quotidienne' },
  { value: 'monthly', label: 'Mensuelle' },
  { value: 'yearly', label: 'Annuelle' },
  { value: 'fiscal-yearly', label: 'Exercice comptable' },
];
const frequencyLabel = (f: string) => FREQUENCIES.find((x) => x.value === f)?.label ?? f;

interface VerifyReport { valid: boolean; fileSignature: boolean; manifestSignature: boolean; keyMatches: boolean; fingerprint: string; problems: string[]; files: { name: string; valid: boolean; records: number }[] }

/** An archive's status from the till's integrity report: its own chain broken at or before it, or not. */
function statusOf(a: Archive, integrity: IntegrityAnswer | undefined): { color: string; text: string } {
  if (!integrity) return { color: 'gray', text: '…' };
  if (integrity.valid) return { color: 'green', text: 'Intègre' };
  const broken = integrity.firstBroken;
  if (broken?.kind === `archive-${a.frequency}` && (broken.number ?? 0) <= a.number) return { color: 'red', text: 'Chaîne rompue' };
  return { color: 'orange', text: 'À revérifier' };
}

export function ArchivesScreen() {
  const { api, can } = useComptoir();
  const invalidate = useInvalidate();
  const archives = useList<Archive>(ARCHIVES, { sort: { field: 'date', ascending: false }, pagination: { quantity: 50 } });
  const integrity = useQuery({ queryKey: ['pos', 'integrity'], queryFn: () => api.get<IntegrityAnswer>(INTEGRITY), retry: false });
  const [frequency, setFrequency] = useState<string | null>('daily');
  const [date, setDate] = useState('');
  const [message, setMessage] = useState<{ color: string; text: string } | null>(null);
  const [file, setFile] = useState<File | null>(null);
  const [report, setReport] = useState<VerifyReport | null>(null);
  const [busy, setBusy] = useState<string | null>(null);

  async function run(what: string, fn: () => Promise<void>) {
    setBusy(what);
    setMessage(null);
    try { await fn(); } catch (e) { setMessage({ color: 'red', text: errorText(e) }); } finally { setBusy(null); }
  }

  const archive = () => run('archive', async () => {
    const a = await api.post<Archive>(ARCHIVES, { frequency, ...(date ? { date } : {}) });
    setMessage({ color: 'green', text: `Archive ${frequencyLabel(a.frequency).toLowerCase()} n° ${a.numberFull} de la période ${a.period} enregistrée.` });
    await invalidate(ARCHIVES);
    await integrity.refetch();
  });
  const exportOf = (a: Archive) => run(`export-${a._id}`, async () => {
    await api.download(`${ARCHIVES}/${a._id}/export`, undefined, { method: 'GET' });
    setMessage({ color: 'green', text: `Export signé de la période ${a.period} téléchargé.` });
  });
  const verify = () => run('verify', async () => {
    if (!file) return;
    setReport(await api.upload<VerifyReport>(EXPORT_VERIFY, {}, [file]));
  });

  const i = integrity.data;
  return (
    <Stack data-testid="pos-archives">
      <PageHeader title="Archives de caisse" />
      <Group><Button variant="default" component={Link} to="..">Retour aux caisses</Button></Group>
      {integrity.isPending ? <Loader size="sm" /> : integrity.isError ? <Alert color="red">{errorText(integrity.error)}</Alert> : (
        <Alert color={i!.valid ? 'green' : 'red'} data-testid="pos-integrity" title={i!.valid ? 'Données de caisse intègres' : 'Données de caisse altérées'}>
          {i!.valid
            ? `${i!.checked} enregistrements vérifiés : tickets, tickets X et Z, archives et journal des événements.`
            : `Première rupture : ${i!.firstBroken?.kind ?? '?'} n° ${i!.firstBroken?.number ?? '?'} (${i!.checked} enregistrements vérifiés).`}
        </Alert>
      )}
      {message && <Alert color={message.color} data-testid="pos-archives-message">{message.text}</Alert>}
      {can(MANAGE) && (
        <Group align="end">
          <Select label="Fréquence" data={FREQUENCIES} value={frequency} onChange={setFrequency} allowDeselect={false} w={200} />
          <TextInput label="Jour de la période (AAAA-MM-JJ)" placeholder="hier par défaut" value={date} onChange={(e) => setDate(e.currentTarget.value)} w={220} />
          <Button onClick={archive} loading={busy === 'archive'}>Archiver la période</Button>
        </Group>
      )}
      {archives.isPending ? <Loader /> : (
        <Table>
          <Table.Thead><Table.Tr><Table.Th>N°</Table.Th><Table.Th>Fréquence</Table.Th><Table.Th>Période</Table.Th><Table.Th>Tickets</Table.Th><Table.Th ta="right">Net TTC</Table.Th><Table.Th>Vérification</Table.Th><Table.Th /></Table.Tr></Table.Thead>
          <Table.Tbody>
            {(archives.data?.data ?? []).map((a) => {
              const s = statusOf(a, i);
              return (
                <Table.Tr key={a._id} data-testid="pos-archive-row">
                  <Table.Td>{a.numberFull}</Table.Td>
                  <Table.Td>{frequencyLabel(a.frequency)}</Table.Td>
                  <Table.Td>{a.period}</Table.Td>
                  <Table.Td>{a.ticketsCount + a.refundTicketsCount}</Table.Td>
                  <Table.Td ta="right">{formatMoney(Math.round((a.totalInclTaxes + a.refundTotalInclTaxes) * 100) / 100)}</Table.Td>
                  <Table.Td><Badge color={s.color}>{s.text}</Badge></Table.Td>
                  <Table.Td><Button size="sm" variant="default" loading={busy === `export-${a._id}`} onClick={() => exportOf(a)}>Export signé</Button></Table.Td>
                </Table.Tr>
              );
            })}
            {archives.data?.data.length === 0 && <Table.Tr><Table.Td colSpan={7}><Text c="dimmed">Aucune archive pour l’instant.</Text></Table.Td></Table.Tr>}
          </Table.Tbody>
        </Table>
      )}
      <Title order={4}>Vérifier un export</Title>
      <Group align="end">
        <FileInput label="Fichier d’export (.zip)" placeholder="Choisir un fichier" value={file} onChange={setFile} accept=".zip" clearable w={320} />
        <Button onClick={verify} disabled={!file} loading={busy === 'verify'}>Vérifier</Button>
      </Group>
      {report && (
        <Alert color={report.valid ? 'green' : 'red'} data-testid="pos-verify-report" title={report.valid ? 'Export intègre : signature de l’entreprise, empreintes et chaînes vérifiées' : 'Export altéré ou étranger'}>
          {report.valid
            ? <Text size="sm">{report.files.reduce((s, f) => s + f.records, 0)} enregistrements vérifiés. Clé : {report.fingerprint.slice(0, 16)}…</Text>
            : <List size="sm">{report.problems.map((p) => <List.Item key={p}>{p}</List.Item>)}</List>}
        </Alert>
      )}
    </Stack>
  );
}
