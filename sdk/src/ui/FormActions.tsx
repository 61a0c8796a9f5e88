/** Save / cancel buttons of a settings form, and the error the server gave for the last save. */
import { Alert, Button, Group } from '@mantine/core';

export function FormActions({ busy, dirty, error, onReset }: { busy: boolean; dirty: boolean; error: string | null; onReset(): void }) {
  return (
    <>
      {error && <Alert color="red" title="Enregistrement impossible" role="alert">{error}</Alert>}
      <Group justify="flex-end">
        <Button variant="default" onClick={onReset} disabled={busy || !dirty}>Annuler les modifications</Button>
        <Button type="submit" loading={busy}>Enregistrer</Button>
      </Group>
    </>
  );
}
