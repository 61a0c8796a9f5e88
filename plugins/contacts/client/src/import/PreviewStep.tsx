/** Step 2: the preview; duplicates kept out unless asked; then the import. */
import { Alert, Badge, Button, Group, Stack, Switch } from '@mantine/core';
import type { ImportPreview } from '../api.ts';
import { PreviewTable } from './PreviewTable.tsx';

/** How many contacts the import will create with this choice. */
export function toCreate(preview: ImportPreview, skipDuplicates: boolean): number {
  return preview.summary.importable + (skipDuplicates ? 0 : preview.summary.duplicates);
}

export function PreviewStep({ preview, fileName, skipDuplicates, onSkipDuplicates, onBack, onImport }: {
  preview: ImportPreview;
  fileName: string;
  skipDuplicates: boolean;
  onSkipDuplicates(v: boolean): void;
  onBack(): void;
  onImport(): void;
}) {
  const { summary } = preview;
  const count = toCreate(preview, skipDuplicates);
  return (
    <Stack>
      <Group gap="xs">
        <Badge variant="light" color="blue">{fileName}</Badge>
        <Badge variant="light" color="teal">{summary.importable} à importer</Badge>
        <Badge variant="light" color="orange">{summary.duplicates} doublon{summary.duplicates > 1 ? 's' : ''}</Badge>
        <Badge variant="light" color="gray">{summary.skipped} ignorée{summary.skipped > 1 ? 's' : ''}</Badge>
      </Group>
      {preview.ignoredColumns.length > 0 && (
        <Alert color="yellow" title="Colonnes non reprises">{preview.ignoredColumns.join(', ')}</Alert>
      )}
      <Switch
        label="Ignorer les doublons (même e-mail ou même téléphone qu’un contact existant ou qu’une fiche précédente)"
        checked={skipDuplicates} onChange={(e) => onSkipDuplicates(e.currentTarget.checked)}
      />
      <PreviewTable rows={preview.rows} skipDuplicates={skipDuplicates} />
      <Group justify="space-between">
        <Button variant="default" onClick={onBack}>Choisir un autre fichier</Button>
        <Button onClick={onImport} disabled={count === 0}>
          {count === 0 ? 'Aucun contact à importer' : `Importer ${count} contact${count > 1 ? 's' : ''}`}
        </Button>
      </Group>
    </Stack>
  );
}
