/**
 * The suggestions inbox (README « Matching »): each operation not fully matched with the unpaid
 * documents that fit it, best first, their score and reasons; « Accepter » records the payment
 * on the document, « Masquer » drops the pair for good. The search runs again when the screen
 * opens (and on « Rechercher »); the matches accepted lately can be cancelled.
 */
import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Alert, Badge, Button, Card, Group, Loader, SegmentedControl, Stack, Text } from '@mantine/core';
import { formatDate, formatMoney, useComptoir, useInvalidate, useList } from '@comptoir/sdk/react';
import { notifyFailed } from '@comptoir/sdk/ui';
import { MANAGE, OPERATIONS, SUGGESTIONS, type Operation, type Suggestion } from '../api.ts';
import { groupByOperation } from './groups.ts';

const DOCUMENT_LABELS: Record<string, string> = { invoice: 'Facture', purchase: 'Achat', externalPurchase: 'Achat externe' };

export function MatchingScreen() {
  const { api, can, company } = useComptoir();
  const invalidate = useInvalidate();
  const [view, setView] = useState<'open' | 'accepted'>('open');
  const [busy, setBusy] = useState<string | null>(null);
  // the documents change elsewhere (invoices emitted, paid at the counter): the search runs when
  // the screen opens, then the inbox is read (a key outside the suggestions' own, which the
  // decisions invalidate)
  const searched = useQuery({
    queryKey: ['banking', 'suggestions-search', company?._id ?? null],
    queryFn: () => (can(MANAGE) ? api.post(`${SUGGESTIONS}/refresh`, {}) : Promise.resolve(null)),
    staleTime: 0, retry: false,
  });
  const suggestions = useList<Suggestion>(SUGGESTIONS, {
    filters: { status: { mode: 'eq', value: view } },
    sort: { field: view === 'open' ? 'score' : 'decidedAt', ascending: false }, pagination: { quantity: 200 },
  }, { enabled: !searched.isPending });
  const rows = suggestions.data?.data ?? [];
  const ids = [...new Set(rows.map((s) => s.fk.operation))];
  const operations = useList<Operation>(OPERATIONS, { filters: { _id: { mode: 'in', value: ids } }, pagination: { quantity: 200 } }, { enabled: ids.length > 0 });
  const byId = new Map((operations.data?.data ?? []).map((o) => [o._id, o]));

  async function search() {
    await searched.refetch();
    await invalidate(SUGGESTIONS);
  }

  async function decide(s: Suggestion, action: 'accept' | 'hide' | 'undo') {
    setBusy(s._id);
    try {
      await api.post(`${SUGGESTIONS}/${s._id}/${action}`, {});
      // what was paid is offered to no other operation any more
      if (action !== 'hide') await api.post(`${SUGGESTIONS}/refresh`, {});
      await Promise.all([invalidate(SUGGESTIONS), invalidate(OPERATIONS)]);
    } catch (e) {
      notifyFailed(e);
    } finally {
      setBusy(null);
    }
  }

  const groups = groupByOperation(rows);
  return (
    <Stack data-testid="banking-matching">
      <Group justify="space-between">
        <SegmentedControl value={view} onChange={(v) => setView(v as 'open' | 'accepted')} data={[{ value: 'open', label: 'À confirmer' }, { value: 'accepted', label: 'Rapprochées' }]} aria-label="Suggestions" />
        {can(MANAGE) && <Button variant="light" loading={searched.isFetching} onClick={search}>Rechercher des correspondances</Button>}
      </Group>
      {searched.isError && <Alert color="red" title="Recherche impossible">{(searched.error as Error).message}</Alert>}
      {suggestions.isError && <Alert color="red" title="Chargement impossible">{(suggestions.error as Error).message}</Alert>}
      {suggestions.isPending || searched.isPending ? <Loader /> : groups.length === 0 && (
        <Text c="dimmed">{view === 'open' ? 'Aucun rapprochement à confirmer : les opérations non rapprochées ne correspondent à aucune facture ni aucun achat impayé.' : 'Aucun rapprochement accepté.'}</Text>
      )}
      {groups.map(({ operation: opId, suggestions: list }) => {
        const op = byId.get(opId);
        return (
          <Card key={opId} withBorder padding="sm" data-testid="banking-suggestion-group">
            <Group justify="space-between">
              <div>
                <Text fw={600}>{op?.label ?? '…'}</Text>
                <Text size="xs" c="dimmed">{op ? [formatDate(op.dateOperation), op.originalLabel].filter(Boolean).join(' · ') : ''}</Text>
              </div>
              {op && <Text fw={700} c={op.amount < 0 ? 'red' : 'green'}>{formatMoney(op.amount)}{op.matchedAmount ? ` (rapproché : ${formatMoney(op.matchedAmount)})` : ''}</Text>}
            </Group>
            <Stack gap="xs" mt="xs">
              {list.map((s) => (
                <Group key={s._id} justify="space-between" wrap="nowrap" data-testid="banking-suggestion">
                  <div>
                    <Group gap="xs">
                      <Badge variant="light">{DOCUMENT_LABELS[s.documentType]}</Badge>
                      <Text size="sm" fw={600}>{s.documentNumber}</Text>
                      <Text size="sm">{s.documentName}</Text>
                      <Text size="sm" c="dimmed">{view === 'open' ? `reste ${formatMoney(s.unpaidAmount)}` : `payé ${formatMoney(s.amount ?? 0)}`}</Text>
                      <Badge color={s.score >= 80 ? 'green' : s.score >= 60 ? 'yellow' : 'gray'} aria-label={`Score ${s.score} sur 100`}>{s.score} %</Badge>
                    </Group>
                    <Text size="xs" c="dimmed">{s.reasons.join(' · ')}</Text>
                  </div>
                  {can(MANAGE) && (view === 'open' ? (
                    <Group gap="xs" wrap="nowrap">
                      <Button size="xs" loading={busy === s._id} onClick={() => decide(s, 'accept')}>Accepter</Button>
                      <Button size="xs" variant="subtle" color="gray" disabled={busy === s._id} onClick={() => decide(s, 'hide')}>Masquer</Button>
                    </Group>
                  ) : <Button size="xs" variant="subtle" color="red" loading={busy === s._id} onClick={() => decide(s, 'undo')}>Annuler le rapprochement</Button>)}
                </Group>
              ))}
            </Stack>
          </Card>
        );
      })}
    </Stack>
  );
}
