/** « Déposer des fichiers »: the picker, then a progress bar while the files are sent. */
import { Alert, Button, FileButton, Group, Progress, Stack, Text } from '@mantine/core';
import { useUpload } from './useUpload.ts';

export function UploadButton() {
  const upload = useUpload();
  return (
    <Stack gap="xs" mb="md">
      <Group>
        <FileButton multiple onChange={(files) => { if (files.length) void upload.send(files); }}>
          {(props) => <Button {...props} loading={upload.busy} data-testid="upload-files">Déposer des fichiers</Button>}
        </FileButton>
        <Text size="sm" c="dimmed">Images (PNG, SVG, TIFF, WebP, GIF, JPEG, ICO), PDF, documents…</Text>
      </Group>
      {upload.current && (
        <div>
          <Text size="sm">
            Envoi de « {upload.current.name} »{upload.current.count > 1 ? ` (${upload.current.index} sur ${upload.current.count})` : ''} : {upload.percent} %
          </Text>
          <Progress value={upload.percent} aria-label="Progression de l’envoi" data-testid="upload-progress" striped animated />
        </div>
      )}
      {upload.error && (
        <Alert color="red" title="Fichier refusé" role="alert" withCloseButton onClose={upload.clearError} closeButtonLabel="Fermer">
          {upload.error}
        </Alert>
      )}
    </Stack>
  );
}
