/**
 * « Aperçu PDF »: the server's PDF of the stored document (drafts included, marked « BROUILLON »)
 * fetched with the session's client, shown in a modal on a blob URL, with « Télécharger ».
 */
import { useEffect, useState } from 'react';
import { Alert, Button, Group, Loader, Modal, Stack, Text } from '@mantine/core';
import { useComptoir } from '@comptoir/sdk/react';
import { errorMessage } from '@comptoir/sdk/ui';

interface Props {
  /** the document's pdf route, without /api: `/invoicing/invoices/<id>/pdf` */
  path: string;
  /** the editor has unsaved changes: the preview shows the stored version */
  unsaved?: boolean;
  disabled?: boolean;
}

export function PdfPreviewButton({ path, unsaved = false, disabled }: Props) {
  const [opened, setOpened] = useState(false);
  return (
    <>
      <Button variant="default" onClick={() => setOpened(true)} disabled={disabled}>Aperçu PDF</Button>
      {opened && <PdfPreviewModal path={path} unsaved={unsaved} onClose={() => setOpened(false)} />}
    </>
  );
}

function PdfPreviewModal({ path, unsaved, onClose }: { path: string; unsaved: boolean; onClose(): void }) {
  const { api } = useComptoir();
  const [url, setUrl] = useState<string | null>(null);
  const [fileName, setFileName] = useState('document.pdf');
  const [error, setError] = useState<unknown>(null);

  useEffect(() => {
    let objectUrl: string | null = null;
    let live = true;
    api.fetchBinary(path, undefined, { method: 'GET' }).then((result) => {
      if (!live) return;
      objectUrl = URL.createObjectURL(new Blob([result.data], { type: 'application/pdf' }));
      setUrl(objectUrl);
      if (result.fileName) setFileName(result.fileName);
    }, (e) => { if (live) setError(e); });
    return () => {
      live = false;
      if (objectUrl) URL.revokeObjectURL(objectUrl);
    };
  }, [api, path]);

  return (
    <Modal opened onClose={onClose} title="Aperçu PDF" size="xl" centered>
      <Stack gap="sm" data-testid="invoicing-pdf-preview">
        {unsaved && <Text size="sm" c="dimmed">L’aperçu montre le document tel qu’il est enregistré : enregistrez vos modifications pour les y voir.</Text>}
        {error !== null && <Alert color="red" title="Aperçu impossible" role="alert">{errorMessage(error)}</Alert>}
        {url === null && error === null && <Loader aria-label="Préparation du PDF" />}
        {url && (
          <>
            <iframe src={url} title={`Aperçu de ${fileName}`} style={{ width: '100%', height: '70vh', border: 0 }} data-file-name={fileName} />
            <Group justify="flex-end">
              <Button component="a" href={url} download={fileName} variant="light">Télécharger</Button>
            </Group>
          </>
        )}
      </Stack>
    </Modal>
  );
}
