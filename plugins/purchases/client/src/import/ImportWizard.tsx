/**
 * `/achats/importer`: a received invoice becomes a purchase in three steps.
 * 1. Drop (or choose) a Factur-X PDF or a CII XML.
 * 2. The server reads it without storing anything (`?dryRun=1`): the report (read, missing,
 *    inconsistencies, provider found or to create) and the purchase it would make, whose lines and
 *    totals are shown as the engine computes them; the provider may be changed, and the accounting
 *    choices set.
 * 3. « Créer l’achat »: the original file is kept through the kernel's files (`POST /kernel/files`)
 *    and attached to the purchase, which is created; its view opens.
 */
import { useState, type DragEvent } from 'react';
import { Link, useNavigate } from 'react-router';
import { Alert, Anchor, Button, FileButton, Group, Loader, NumberInput, Paper, Stack, Switch, Text } from '@mantine/core';
import { useComptoir, useInvalidate } from '@comptoir/sdk/react';
import { DocumentLinesTable, DocumentTotals, PageHeader, Section, errorMessage, notifySaved, useLiveTotals } from '@comptoir/sdk/ui';
import type { Attachment, LineItem } from '@comptoir/schemas';
import type { PurchaseImportAnswer } from '../../../schemas/index.ts';
import { COMPUTE, FILES, IMPORT, PROVIDERS, PURCHASES, ROUTES } from '../api.ts';
import { ProviderPicker } from '../common/ProviderPicker.tsx';
import { ImportReport } from './ImportReport.tsx';
import { ACCEPTED, base64Of } from './fileContent.ts';

interface Chosen { file: File; content: string }

function DropZone({ onFile, busy }: { onFile(file: File): void; busy: boolean }) {
  const [over, setOver] = useState(false);
  const drop = (e: DragEvent) => {
    e.preventDefault();
    setOver(false);
    const file = e.dataTransfer.files[0];
    if (file) onFile(file);
  };
  return (
    <Paper withBorder p="xl" radius="md" data-testid="purchases-import-drop"
      style={{ borderStyle: 'dashed', borderWidth: 2, background: over ? 'var(--mantine-color-blue-0)' : undefined, textAlign: 'center' }}
      onDragOver={(e) => { e.preventDefault(); setOver(true); }} onDragLeave={() => setOver(false)} onDrop={drop}>
      <Stack align="center" gap="sm">
        <Text fw={500}>Déposez ici la facture reçue : un PDF Factur-X ou un fichier XML (CII, ZUGFeRD).</Text>
        <Text size="sm" c="dimmed">Le fichier est lu sans rien enregistrer : vous verrez ce qui a été lu avant de créer l’achat.</Text>
        {busy ? <Loader aria-label="Lecture du fichier" /> : (
          <FileButton onChange={(f) => f && onFile(f)} accept={ACCEPTED}>
            {(props) => <Button {...props} variant="light">Choisir un fichier</Button>}
          </FileButton>
        )}
      </Stack>
    </Paper>
  );
}

function Preview({ answer }: { answer: PurchaseImportAnswer }) {
  const computed = useLiveTotals(COMPUTE, { items: answer.draft.items ?? [], vatCalculationMethod: answer.draft.vatCalculationMethod, subjectToVAT: answer.draft.subjectToVAT });
  const data = computed.data as (typeof computed.data & { items?: LineItem[] }) | undefined;
  return (
    <Section title="L’achat qui sera créé">
      {data?.items && <DocumentLinesTable items={data.items} />}
      <DocumentTotals totals={data} pending={computed.isFetching} testIdPrefix="purchases-import" />
    </Section>
  );
}

export function ImportWizard() {
  const { api } = useComptoir();
  const navigate = useNavigate();
  const invalidate = useInvalidate();
  const [chosen, setChosen] = useState<Chosen | null>(null);
  const [answer, setAnswer] = useState<PurchaseImportAnswer | null>(null);
  const [providerId, setProviderId] = useState<string | null>(null);
  const [forResale, setForResale] = useState(false);
  const [recovery, setRecovery] = useState<number | string>(100);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  async function read(file: File) {
    setBusy(true);
    setError(null);
    setAnswer(null);
    try {
      const content = await base64Of(file);
      const seen = await api.post<PurchaseImportAnswer>(`${IMPORT}?dryRun=1`, { name: file.name, content });
      setChosen({ file, content });
      setAnswer(seen);
      setProviderId(seen.report.provider.providerId);
      setRecovery(seen.draft.vatRecoveryPercent ?? 100);
    } catch (e) {
      setChosen(null);
      setError(errorMessage(e));
    } finally {
      setBusy(false);
    }
  }

  async function create() {
    if (!chosen || !answer) return;
    setBusy(true);
    setError(null);
    try {
      const stored = await api.upload<{ attachments: Attachment[] }>(FILES, { name: chosen.file.name, description: 'Facture fournisseur importée' }, [chosen.file]);
      const changed = providerId !== answer.report.provider.providerId;
      const made = await api.post<PurchaseImportAnswer>(IMPORT, {
        name: chosen.file.name, content: chosen.content, attachments: stored.attachments, forResale,
        vatRecoveryPercent: Number(recovery) || 0,
        ...(changed ? { fk: { provider: providerId } } : {}),
      });
      await Promise.all([invalidate(PURCHASES), invalidate(PROVIDERS)]);
      notifySaved(`L’achat ${made.purchase?.numberFull ?? ''} est créé.`);
      navigate(`${ROUTES.purchases}/${made.purchase!._id}`);
    } catch (e) {
      setError(errorMessage(e));
      setBusy(false);
    }
  }

  return (
    <Stack gap="lg" data-testid="purchases-import">
      <Anchor component={Link} to={ROUTES.purchases} size="sm">← Tous les achats</Anchor>
      <PageHeader title="Importer une facture reçue" description="Factur-X (PDF) ou XML CII : le fournisseur, les dates, les lignes, la TVA et les totaux sont repris." />
      {error && <Alert color="red" title="Import impossible" role="alert">{error}</Alert>}
      {!answer ? <DropZone onFile={(f) => void read(f)} busy={busy} /> : (
        <>
          <Text size="sm">Fichier : <b>{chosen?.file.name}</b> — <Anchor component="button" onClick={() => { setAnswer(null); setChosen(null); }}>choisir un autre fichier</Anchor></Text>
          <ImportReport report={answer.report} />
          <Preview answer={answer} />
          <Section title="Avant de créer l’achat">
            <Group align="flex-end" gap="md" wrap="wrap">
              <ProviderPicker label="Fournisseur" value={providerId} onChange={setProviderId} />
              <NumberInput label="TVA récupérable" suffix=" %" min={0} max={100} decimalSeparator="," w={160} value={recovery} onChange={setRecovery} />
              <Switch label="Marchandises destinées à la revente" checked={forResale} onChange={(e) => setForResale(e.currentTarget.checked)} />
            </Group>
            <Group justify="flex-end">
              <Button onClick={() => void create()} loading={busy}>Créer l’achat</Button>
            </Group>
          </Section>
        </>
      )}
    </Stack>
  );
}
