/** Step 1: choose a .vcf or .csv file; the preview is asked for at once. */
import { useState } from 'react';
import { Alert, Button, FileInput, Group, List, Stack, Text } from '@mantine/core';
import { fileProblem } from './fileFormat.ts';

export function FileStep({ busy, error, onAnalyse }: { busy: boolean; error: string | null; onAnalyse(file: File): void }) {
  const [file, setFile] = useState<File | null>(null);
  const problem = file ? fileProblem(file) : null;
  return (
    <Stack maw={640}>
      <Text size="sm">Formats acceptés :</Text>
      <List size="sm">
        <List.Item>vCard (.vcf) 2.1, 3.0 et 4.0 : exports de Google Contacts, d’un iPhone, d’Outlook, d’Android ;</List.Item>
        <List.Item>CSV (.csv) : exports Google Contacts et Outlook, avec leur ligne d’en-têtes.</List.Item>
      </List>
      <FileInput
        label="Fichier de contacts" placeholder="Choisir un fichier…" accept=".vcf,.vcard,.csv,text/vcard,text/csv"
        value={file} onChange={setFile} clearable error={problem}
      />
      {error && <Alert color="red" title="Analyse impossible" role="alert">{error}</Alert>}
      <Group justify="flex-end">
        <Button disabled={!file || !!problem} loading={busy} onClick={() => file && onAnalyse(file)}>Analyser le fichier</Button>
      </Group>
    </Stack>
  );
}
