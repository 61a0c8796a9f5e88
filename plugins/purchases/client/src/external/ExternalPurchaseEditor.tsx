/**
 * An online order being typed: the shop, the order's number, date and address, the articles as the
 * shop shows them (prices incl. taxes, seller), the delivery, the VAT the shop states; at creation,
 * what was paid when ordering (recorded as a payment).
 */
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { ActionIcon, Alert, Anchor, Button, Group, NumberInput, Select, Stack, Table, Text, TextInput, Textarea } from '@mantine/core';
import { DateInput } from '@mantine/dates';
import { money, toDecimal } from '@comptoir/sdk/commerce';
import { formatMoney, useComptoir, useInvalidate } from '@comptoir/sdk/react';
import { MoneyInput, PageHeader, RECORDABLE_PAYMENT_MODE_OPTIONS, Section, errorMessage, notifySaved, useLiveTotals, vatOptions } from '@comptoir/sdk/ui';
import { COMPUTE, EXTERNAL_PURCHASES, ROUTES, externalPath } from '../api.ts';
import { draftFromOrder, emptyOrderLine, newOrderDraft, orderBody, orderProblem, type OrderDraft, type OrderLineDraft } from './externalDraft.ts';
import type { ExternalPurchase } from '../common/types.ts';


function Lines({ lines, onChange }: { lines: OrderLineDraft[]; onChange(lines: OrderLineDraft[]): void }) {
  const set = (i: number, l: OrderLineDraft) => onChange(lines.map((x, j) => (j === i ? l : x)));
  return (
    <div>
      <Table.ScrollContainer minWidth={820}>
        <Table verticalSpacing="xs" aria-label="Articles de la commande">
          <Table.Thead>
            <Table.Tr><Table.Th>Article</Table.Th><Table.Th>Vendeur</Table.Th><Table.Th>Quantité</Table.Th><Table.Th>P.U. TTC</Table.Th><Table.Th>TVA</Table.Th><Table.Th /></Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {lines.map((l, i) => (
              <Table.Tr key={l.key}>
                <Table.Td miw={220}><TextInput aria-label={`Article (ligne ${i + 1})`} value={l.label} onChange={(e) => set(i, { ...l, label: e.currentTarget.value })} /></Table.Td>
                <Table.Td w={160}><TextInput aria-label={`Vendeur (ligne ${i + 1})`} value={l.seller} onChange={(e) => set(i, { ...l, seller: e.currentTarget.value })} /></Table.Td>
                <Table.Td w={90}><NumberInput aria-label={`Quantité (ligne ${i + 1})`} decimalSeparator="," hideControls value={l.quantity} onChange={(v) => set(i, { ...l, quantity: v })} /></Table.Td>
                <Table.Td w={130}><MoneyInput aria-label={`Prix unitaire TTC (ligne ${i + 1})`} value={l.inclTaxesPrice} onChange={(v) => set(i, { ...l, inclTaxesPrice: v })} /></Table.Td>
                <Table.Td w={110}><Select aria-label={`TVA (ligne ${i + 1})`} data={vatOptions(l.vat)} value={l.vat} allowDeselect={false} onChange={(v) => v && set(i, { ...l, vat: v })} /></Table.Td>
                <Table.Td w={40}><ActionIcon variant="subtle" color="red" aria-label={`Supprimer la ligne ${i + 1}`} onClick={() => onChange(lines.filter((_, j) => j !== i))}>✕</ActionIcon></Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      <Button mt="sm" variant="light" onClick={() => onChange([...lines, emptyOrderLine()])}>Ajouter un article</Button>
    </div>
  );
}

export function ExternalPurchaseEditor({ order }: { order?: ExternalPurchase }) {
  const { api } = useComptoir();
  const navigate = useNavigate();
  const invalidate = useInvalidate();
  const [draft, setDraft] = useState<OrderDraft>(() => (order ? draftFromOrder(order) : newOrderDraft()));
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const set = (changes: Partial<OrderDraft>) => setDraft({ ...draft, ...changes });
  const body = orderBody(draft, order);
  const computed = useLiveTotals(COMPUTE, {
    items: (body.items as Record<string, unknown>[]).map(({ label, quantity, vat, inclTaxesPrice }) => ({ labelPrimary: label, quantity, vat, inclTaxesPrice })),
    subjectToVAT: true, vatCalculationMethod: 'rounded-total',
  });
  const total = computed.data ? money(toDecimal(computed.data.inclTaxesPrice)!.plus(toDecimal(draft.delivery) ?? 0)) : null;

  async function save() {
    const problem = orderProblem(draft);
    if (problem) return setError(problem);
    setBusy(true);
    setError(null);
    try {
      const stored = order ? await api.put<ExternalPurchase>(externalPath(order._id), body) : await api.post<ExternalPurchase>(EXTERNAL_PURCHASES, body);
      await invalidate(EXTERNAL_PURCHASES);
      notifySaved('L’achat en ligne est enregistré.');
      navigate(`${ROUTES.external}/${stored._id}`, { replace: true });
    } catch (e) {
      setError(errorMessage(e));
      setBusy(false);
    }
  }

  return (
    <Stack gap="lg" data-testid="purchases-external-editor">
      <Anchor component={Link} to={order ? `${ROUTES.external}/${order._id}` : ROUTES.external} size="sm">← {order ? 'Retour à la commande' : 'Tous les achats en ligne'}</Anchor>
      <PageHeader title={order ? `Modifier la commande ${order.shop}` : 'Nouvel achat en ligne'} description="Une commande passée dans une boutique, telle que la boutique la montre."
        actions={<Button onClick={() => void save()} loading={busy}>Enregistrer</Button>} />
      {error && <Alert color="red" title="Enregistrement impossible" role="alert">{error}</Alert>}
      <Section title="Commande">
        <Group align="flex-end" gap="md" wrap="wrap">
          <TextInput label="Boutique" required value={draft.shop} w={220} onChange={(e) => set({ shop: e.currentTarget.value })} />
          <TextInput label="N° de commande" value={draft.orderNumber} w={180} onChange={(e) => set({ orderNumber: e.currentTarget.value })} />
          <DateInput label="Date de commande" valueFormat="DD/MM/YYYY" value={draft.orderDate} w={160} onChange={(d) => d && set({ orderDate: d })} />
          <TextInput label="Adresse de la commande (lien)" placeholder="https://…" value={draft.url} w={300} onChange={(e) => set({ url: e.currentTarget.value })} />
        </Group>
      </Section>
      <Section title="Articles">
        <Lines lines={draft.lines} onChange={(lines) => set({ lines })} />
        <Group align="flex-end" gap="md">
          <MoneyInput label="Livraison TTC" w={140} value={draft.delivery} onChange={(v) => set({ delivery: v })} />
          <MoneyInput label="TVA de la commande" description="Vide : celle des articles" w={180} value={draft.vatAmount} onChange={(v) => set({ vatAmount: v })} />
          <Text size="sm" data-testid="purchases-external-total">Total TTC : <b>{total === null ? '—' : formatMoney(total)}</b></Text>
        </Group>
      </Section>
      {!order && (
        <Section title="Paiement à la commande">
          <Group align="flex-end" gap="md">
            <Select label="Mode" data={RECORDABLE_PAYMENT_MODE_OPTIONS} value={draft.paidMode} allowDeselect={false} w={200} onChange={(m) => m && set({ paidMode: m })} />
            <MoneyInput label="Montant payé" description="Vide : rien de payé" w={160} value={draft.paidAmount} onChange={(v) => set({ paidAmount: v })} />
            {total !== null && <Button variant="subtle" onClick={() => set({ paidAmount: total })}>Tout est payé</Button>}
          </Group>
        </Section>
      )}
      <Section title="Commentaire">
        <Textarea aria-label="Commentaire" autosize minRows={2} value={draft.comment} onChange={(e) => set({ comment: e.currentTarget.value })} />
      </Section>
    </Stack>
  );
}
