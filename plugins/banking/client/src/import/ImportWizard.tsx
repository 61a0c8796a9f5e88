/**
 * Importing a statement: the file (OFX, CAMT.053, CSV, aggregator JSON), the account (else found by
 * its number, or created), the upload with its progress, then the report.
 */
import { useState } from 'react';
import { Alert, Button, FileInput, Group, List, Progress, Select, Stack, Table, Text } from '@mantine/core';
import { formatMoney, useComptoir, useInvalidate, useList } from '@comptoir/sdk/react';
import { ACCOUNTS, IMPORTS, OPERATIONS, errorText, type BankImport, type OperationAccount } from '../api.ts';

export function ImportWizard() {
  const { api } = useComptoir();
  const invalidate = useInvalidate();
  const accounts = useList<OperationAccount>(ACCOUNTS, { pagination: { quantity: 100 } });
  const [file, setFile] = useState<File | null>(null);
  const [account, setAccount] = useState<string | null>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const [report, setReport] = useState<BankImport | null>(null);
  const [error, setError] = useState<string | null>(null);

  async function send() {
    if (!file) return;
    setError(null);
    setReport(null);
    setProgress(0);
    try {
      const answer = await api.upload<BankImport>(IMPORTS, account ? { accountId: account } : {}, [file], setProgress);
      setReport(answer);
      await Promise.all([invalidate(OPERATIONS), invalidate(ACCOUNTS), invalidate(IMPORTS)]);
    } catch (e) {
      setError(errorText(e));
    } finally {
      setProgress(null);
    }
  }

  return (
    <Stack data-testid="banking-import" maw={720}>
      <Text>Relevé OFX, CAMT.053, CSV de votre banque ou export JSON d’un agrégateur. Un relevé importé deux fois n’ajoute rien.</Text>
      <FileInput label="Fichier du relevé" placeholder="Choisir un fichier" value={file} onChange={setFile} accept=".ofx,.qfx,.xml,.csv,.txt,.json" clearable />
      <Select label="Compte" placeholder="Trouvé par son numéro, ou créé" clearable data={(accounts.data?.data ?? []).map((a) => ({ value: a._id, label: a.name }))} value={account} onChange={setAccount} />
      <Group><Button onClick={send} disabled={!file} loading={progress !== null}>Importer</Button></Group>
      {progress !== null && <Progress value={progress} />}
      {error && <Alert color="red" title="Import refusé">{error}</Alert>}
      {report && (
        <Alert color="green" title="Relevé importé" data-testid="banking-import-report">
          <Text>{report.added} opération(s) ajoutée(s), {report.duplicates} déjà connue(s), {report.rejected.length} rejetée(s), {report.classified} classée(s) par les règles.</Text>
          <Table mt="xs">
            <Table.Tbody>
              {report.accounts.map((a) => (
                <Table.Tr key={a.accountId}><Table.Td>{a.name}{a.created ? ' (créé)' : ''}</Table.Td><Table.Td>+{a.added}</Table.Td><Table.Td>Solde : {formatMoney(a.balance)}</Table.Td></Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
          {report.rejected.length > 0 && <List size="sm" mt="xs">{report.rejected.slice(0, 20).map((r, i) => <List.Item key={i}>{r.reason}</List.Item>)}</List>}
          {report.warnings.length > 0 && <List size="sm" mt="xs" c="orange">{report.warnings.map((w) => <List.Item key={w}>{w}</List.Item>)}</List>}
        </Alert>
      )}
    </Stack>
  );
}
