/** One online order: its articles and totals, how it was paid, and the purchases (the shop's invoices) it is linked to. */
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { Alert, Anchor, Button, Group, Image, Modal, Paper, Stack, Table, Text } from '@mantine/core';
import { formatDate, formatMoney, formatNumber, useComptoir, useInvalidate, useList } from '@comptoir/sdk/react';
import { ConfirmDialog, PageHeader, Section, errorMessage, notifySaved } from '@comptoir/sdk/ui';
import { EXTERNAL_PURCHASES, PERMISSIONS, PURCHASES, ROUTES, externalPath } from '../api.ts';
import { LinkPicker } from '../common/LinkPicker.tsx';
import { PaymentsSection } from '../common/PaymentsSection.tsx';
import type { ExternalPurchase, Purchase } from '../common/types.ts';

const purchaseLabel = (p: Purchase) => `${p.numberFull ?? ''} — ${p.providerName ?? 'sans fournisseur'}${p.invoiceNumber ? ` (facture ${p.invoiceNumber})` : ''}`;

function LinkedPurchases({ order }: { order: ExternalPurchase }) {
  const { api, can } = useComptoir();
  const invalidate = useInvalidate();
  const [editing, setEditing] = useState(false);
  const [ids, setIds] = useState(order.fk.purchases);
  const [error, setError] = useState<string | null>(null);
  const linked = useList<Purchase>(PURCHASES, { filters: { _id: { mode: 'in', value: order.fk.purchases, valueIsObjectId: true } } }, { enabled: order.fk.purchases.length > 0 });
  async function save() {
    try {
      await api.put(externalPath(order._id), { fk: { purchases: ids } });
      await Promise.all([invalidate(EXTERNAL_PURCHASES), invalidate(PURCHASES)]);
      notifySaved('Les achats liés sont enregistrés.');
      setEditing(false);
    } catch (e) {
      setError(errorMessage(e));
    }
  }
  return (
    <Section title="Achats liés (factures)">
      <Stack gap={4} data-testid="purchases-external-links">
        {order.fk.purchases.length === 0 && <Text size="sm" c="dimmed">Aucun achat lié : liez la facture de la boutique quand vous la recevez.</Text>}
        {(linked.data?.data ?? []).map((p) => <Anchor key={p._id} component={Link} to={`${ROUTES.purchases}/${p._id}`} size="sm">{purchaseLabel(p)}</Anchor>)}
      </Stack>
      {can(PERMISSIONS.externalManage) && <div><Button variant="light" onClick={() => { setIds(order.fk.purchases); setEditing(true); }}>Modifier les achats liés</Button></div>}
      <Modal opened={editing} onClose={() => setEditing(false)} title="Achats liés" centered size="lg">
        <Stack>
          <LinkPicker<Purchase> label="Achats" path={PURCHASES} searchField="providerName" labelOf={purchaseLabel} value={ids} onChange={setIds} placeholder="Rechercher un fournisseur…" />
          {error && <Alert color="red" role="alert">{error}</Alert>}
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setEditing(false)}>Annuler</Button>
            <Button onClick={() => void save()}>Enregistrer</Button>
          </Group>
        </Stack>
      </Modal>
    </Section>
  );
}

export function ExternalPurchaseView({ order }: { order: ExternalPurchase }) {
  const { api, can } = useComptoir();
  const navigate = useNavigate();
  const invalidate = useInvalidate();
  const [deleting, setDeleting] = useState(false);
  async function remove() {
    await api.delete(externalPath(order._id));
    await invalidate(EXTERNAL_PURCHASES);
    notifySaved('L’achat en ligne est supprimé.');
    navigate(ROUTES.external);
  }
  return (
    <Stack gap="lg" data-testid="purchases-external-view">
      <Anchor component={Link} to={ROUTES.external} size="sm">← Tous les achats en ligne</Anchor>
      <PageHeader title={`Commande ${order.shop}${order.orderNumber ? ` n° ${order.orderNumber}` : ''}`} description={`du ${formatDate(order.orderDate, { dateStyle: 'long' })}`}
        actions={can(PERMISSIONS.externalManage) && (
          <>
            <Button variant="subtle" color="red" onClick={() => setDeleting(true)}>Supprimer</Button>
            <Button variant="default" component={Link} to="modifier">Modifier</Button>
          </>
        )} />
      {order.url && <Anchor href={order.url} target="_blank" rel="noreferrer" size="sm">Voir la commande sur le site de la boutique</Anchor>}
      <Section title="Articles">
        <Table verticalSpacing="xs" striped aria-label="Articles">
          <Table.Thead>
            <Table.Tr><Table.Th /><Table.Th>Article</Table.Th><Table.Th>Vendeur</Table.Th><Table.Th ta="right">Quantité</Table.Th><Table.Th ta="right">P.U. TTC</Table.Th><Table.Th ta="right">TVA</Table.Th></Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {order.items.map((i, n) => (
              <Table.Tr key={n}>
                <Table.Td w={48}>{i.thumbnailUrl && <Image src={i.thumbnailUrl} alt="" w={40} h={40} fit="contain" />}</Table.Td>
                <Table.Td>{i.label}</Table.Td>
                <Table.Td>{i.seller ?? '—'}</Table.Td>
                <Table.Td ta="right">{formatNumber(i.quantity, 4)}</Table.Td>
                <Table.Td ta="right">{formatMoney(i.inclTaxesPrice)}</Table.Td>
                <Table.Td ta="right">{formatNumber(i.vat)} %</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
        <Paper withBorder p="md" radius="md" maw={360} ml="auto" data-testid="purchases-external-totals">
          <Stack gap={4}>
            <Group justify="space-between"><Text size="sm">Articles TTC</Text><Text size="sm">{formatMoney(order.totals.itemsInclTaxesPrice)}</Text></Group>
            <Group justify="space-between"><Text size="sm">Livraison TTC</Text><Text size="sm">{formatMoney(order.inclTaxesDeliveryPrice)}</Text></Group>
            <Group justify="space-between"><Text size="sm">dont TVA</Text><Text size="sm">{formatMoney(order.vatAmount)}</Text></Group>
            <Group justify="space-between"><Text size="sm" fw={700}>Total TTC</Text><Text size="sm" fw={700}>{formatMoney(order.totals.inclTaxesPrice)}</Text></Group>
            <Group justify="space-between"><Text size="sm">Payé</Text><Text size="sm">{formatMoney(order.paidAmount)}</Text></Group>
            <Group justify="space-between"><Text size="sm" fw={700}>Reste à payer</Text><Text size="sm" fw={700} data-testid="purchases-external-unpaid">{formatMoney(order.unpaidAmount)}</Text></Group>
          </Stack>
        </Paper>
      </Section>
      {order.comment && <Section title="Commentaire"><Text size="sm" style={{ whiteSpace: 'pre-line' }}>{order.comment}</Text></Section>}
      <LinkedPurchases order={order} />
      <PaymentsSection collection={EXTERNAL_PURCHASES} id={order._id} due={order.unpaidAmount} total={order.totals.inclTaxesPrice} paid={order.paidAmount} title={`Enregistrer un paiement — ${order.shop}`} />
      <ConfirmDialog opened={deleting} title="Supprimer l’achat en ligne" confirmLabel="Supprimer" onConfirm={remove} onClose={() => setDeleting(false)}>
        La commande sera supprimée définitivement. Une commande qui a des paiements ne peut pas l’être.
      </ConfirmDialog>
    </Stack>
  );
}
