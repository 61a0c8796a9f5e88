/**
 * « Intégrité »: walks the hash chains of the company's invoices and payments on demand (the walk
 * reads every document: it is not run on each visit) and says, in French, whether they are whole.
 */
import { useState } from 'react';
import { Alert, Button, Group, Text } from '@mantine/core';
import { useComptoir } from '@comptoir/sdk/react';
import { Section, errorMessage } from '@comptoir/sdk/ui';
import { INTEGRITY, type IntegrityResult } from './accountingApi.ts';
import { integrityMessage } from './accountingText.ts';

export function IntegrityPanel() {
  const { api } = useComptoir();
  const [busy, setBusy] = useState(false);
  const [result, setResult] = useState<IntegrityResult | null>(null);
  const [failure, setFailure] = useState<string | null>(null);

  async function verify() {
    setBusy(true);
    setFailure(null);
    try {
      setResult(await api.get<IntegrityResult>(INTEGRITY));
    } catch (e) {
      setResult(null);
      setFailure(errorMessage(e));
    } finally {
      setBusy(false);
    }
  }

  return (
    <Section title="Intégrité" description="Chaque facture, chaque avoir et chaque paiement émis porte une empreinte qui enchaîne celle du précédent : la vérification recalcule toute la chaîne et signale la première pièce modifiée, supprimée ou ajoutée hors de l’application.">
      <Group>
        <Button onClick={() => void verify()} loading={busy} data-testid="integrity-verify">Vérifier l’intégrité</Button>
      </Group>
      {result && (
        <Alert color={result.valid ? 'green' : 'red'} title={result.valid ? 'Chaîne intacte' : 'Chaîne rompue'} role="status" data-testid="integrity-result">
          <Text>{integrityMessage(result)}</Text>
          {!result.valid && (
            <Text size="sm" mt="xs">
              {`${new Intl.NumberFormat('fr-FR').format(result.checked)} documents parcourus. Conservez cette base en l’état et prévenez votre expert-comptable : une pièce a été touchée hors de l’application (npm run verify-integrity donne le détail).`}
            </Text>
          )}
        </Alert>
      )}
      {failure && <Alert color="red" title="Vérification impossible" role="alert">{failure}</Alert>}
    </Section>
  );
}
