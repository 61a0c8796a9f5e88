/**
 * Import of contacts in four steps (Mantine Stepper): choose the file, check the preview, import
 * (one transaction on the server: all or nothing; the progress is indeterminate), read the report.
 */
import { useState } from 'react';
import { Link } from 'react-router';
import { Alert, Anchor, Button, Group, Loader, Progress, Stack, Stepper, Text } from '@mantine/core';
import { useComptoir, useInvalidate } from '@comptoir/sdk/react';
import { PageHeader, errorMessage } from '@comptoir/sdk/ui';
import { CONTACTS, IMPORT, IMPORT_PREVIEW, type ImportFormat, type ImportPreview, type ImportReport } from '../api.ts';
import { formatOf } from './fileFormat.ts';
import { FileStep } from './FileStep.tsx';
import { PreviewStep, toCreate } from './PreviewStep.tsx';
import { ReportStep } from './ReportStep.tsx';

interface Loaded { name: string; format: ImportFormat; content: string; preview: ImportPreview }

export function ImportWizard() {
  const { api } = useComptoir();
  const invalidate = useInvalidate();
  const [step, setStep] = useState(0);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [loaded, setLoaded] = useState<Loaded | null>(null);
  const [skipDuplicates, setSkipDuplicates] = useState(true);
  const [report, setReport] = useState<ImportReport | null>(null);

  async function analyse(file: File) {
    setBusy(true);
    setError(null);
    try {
      const format = formatOf(file.name)!;
      const content = await file.text();
      const preview = await api.post<ImportPreview>(IMPORT_PREVIEW, { format, content });
      setLoaded({ name: file.name, format, content, preview });
      setStep(1);
    } catch (e) {
      setError(errorMessage(e));
    } finally {
      setBusy(false);
    }
  }

  async function runImport() {
    if (!loaded) return;
    setStep(2);
    setError(null);
    try {
      const done = await api.post<ImportReport>(IMPORT, { format: loaded.format, content: loaded.content, skipDuplicates });
      await invalidate(CONTACTS);
      setReport(done);
      setStep(3);
    } catch (e) {
      setError(errorMessage(e));
    }
  }

  function restart() {
    setLoaded(null);
    setReport(null);
    setError(null);
    setSkipDuplicates(true);
    setStep(0);
  }

  return (
    <Stack data-testid="contacts-import">
      <Anchor component={Link} to=".." relative="path">← Tous les contacts</Anchor>
      <PageHeader title="Importer des contacts" description="Depuis un fichier vCard ou CSV. Rien n’est enregistré avant la dernière confirmation." />
      <Stepper active={step} allowNextStepsSelect={false} onStepClick={(s) => { if (s === 0 && step < 2) restart(); }}>
        <Stepper.Step label="Fichier" description="Choisir le fichier">
          <FileStep busy={busy} error={error} onAnalyse={(f) => void analyse(f)} />
        </Stepper.Step>
        <Stepper.Step label="Aperçu" description="Vérifier les fiches">
          {loaded && (
            <PreviewStep
              preview={loaded.preview} fileName={loaded.name} skipDuplicates={skipDuplicates}
              onSkipDuplicates={setSkipDuplicates} onBack={restart} onImport={() => void runImport()}
            />
          )}
        </Stepper.Step>
        <Stepper.Step label="Import" description="Enregistrement" loading={step === 2 && !error}>
          {error ? (
            <Stack>
              <Alert color="red" title="Import impossible : aucun contact n’a été créé" role="alert">{error}</Alert>
              <Group justify="space-between">
                <Button variant="default" onClick={() => { setError(null); setStep(1); }}>Revenir à l’aperçu</Button>
                <Button onClick={() => void runImport()}>Réessayer</Button>
              </Group>
            </Stack>
          ) : (
            <Stack align="center" py="xl" gap="sm" aria-live="polite">
              <Loader />
              <Text>Import de {loaded ? toCreate(loaded.preview, skipDuplicates) : 0} contact(s) en cours…</Text>
              <Progress value={100} striped animated w="100%" maw={480} aria-label="Import en cours" />
            </Stack>
          )}
        </Stepper.Step>
        <Stepper.Step label="Rapport" description="Ce qui a été fait">
          {report && <ReportStep report={report} onAgain={restart} />}
        </Stepper.Step>
      </Stepper>
    </Stack>
  );
}
