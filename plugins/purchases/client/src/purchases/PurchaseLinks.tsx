/**
 * What a purchase is linked to: the online orders it belongs to (each lists it back, the server
 * keeps both sides in step) and the sales (invoices) it was bought for. Shown as links, changed in
 * a dialog.
 */
import { useState } from 'react';
import { Link } from 'react-router';
import { Alert, Anchor, Button, Group, Modal, Stack, Text } from '@mantine/core';
import { formatDate, useComptoir, useInvalidate, useList } from '@comptoir/sdk/react';
import { Section, errorMessage, notifySaved } from '@comptoir/sdk/ui';
import { EXTERNAL_PURCHASES, INVOICES, PERMISSIONS, PURCHASES, ROUTES, purchasePath } from '../api.ts';
import { LinkPicker } from '../common/LinkPicker.tsx';
import type { ExternalPurchase, Invoice, Purchase } from '../common/types.ts';

export const orderLabel = (o: ExternalPurchase) => `${o.shop}${o.orderNumber ? ` — ${o.orderNumber}` : ''} (${formatDate(o.orderDate)})`;
export const invoiceLabel = (i: Invoice) => `${i.numberFull ?? 'Brouillon'}${i.receiverName ? ` — ${i.receiverName}` : ''}`;

function useDocs<T>(path: string, ids: string[]) {
  return useList<T>(path, { filters: { _id: { mode: 'in', value: ids, valueIsObjectId: true } }, pagination: { quantity: 100, page: 1 } }, { enabled: ids.length > 0 });
}

function EditLinks({ purchase, onClose }: { purchase: Purchase; onClose(): void }) {
  const { api } = useComptoir();
  const invalidate = useInvalidate();
  const [orders, setOrders] = useState(purchase.fk.externalPurchases);
  const [sales, setSales] = useState(purchase.fk.linkedSales);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  async function save() {
    setBusy(true);
    try {
      await api.put(purchasePath(purchase._id), { fk: { externalPurchases: orders, linkedSales: sales } });
      await Promise.all([invalidate(PURCHASES), invalidate(EXTERNAL_PURCHASES)]);
      notifySaved('Les liens de l’achat sont enregistrés.');
      onClose();
    } catch (e) {
      setError(errorMessage(e));
      setBusy(false);
    }
  }
  return (
    <Modal opened onClose={onClose} title="Liens de l’achat" centered size="lg">
      <Stack>
        <LinkPicker<ExternalPurchase> label="Achats en ligne" path={EXTERNAL_PURCHASES} searchField="shop" labelOf={orderLabel}
          value={orders} onChange={setOrders} placeholder="Rechercher une boutique…" />
        <LinkPicker<Invoice> label="Ventes (factures)" path={INVOICES} searchField="numberFull" labelOf={invoiceLabel}
          value={sales} onChange={setSales} placeholder="Rechercher un numéro de facture…" />
        {error && <Alert color="red" role="alert">{error}</Alert>}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>Annuler</Button>
          <Button onClick={() => void save()} loading={busy}>Enregistrer</Button>
        </Group>
      </Stack>
    </Modal>
  );
}

export function PurchaseLinks({ purchase }: { purchase: Purchase }) {
  const { can } = useComptoir();
  const [editing, setEditing] = useState(false);
  const orders = useDocs<ExternalPurchase>(EXTERNAL_PURCHASES, purchase.fk.externalPurchases);
  const sales = useDocs<Invoice>(INVOICES, purchase.fk.linkedSales);
  const none = purchase.fk.externalPurchases.length === 0 && purchase.fk.linkedSales.length === 0;
  return (
    <Section title="Liens">
      <Stack gap={4} data-testid="purchases-links">
        {none && <Text size="sm" c="dimmed">Lié à aucun achat en ligne ni aucune vente.</Text>}
        {(orders.data?.data ?? []).map((o) => (
          <Text key={o._id} size="sm">Achat en ligne : <Anchor component={Link} to={`${ROUTES.external}/${o._id}`}>{orderLabel(o)}</Anchor></Text>
        ))}
        {(sales.data?.data ?? []).map((i) => (
          <Text key={i._id} size="sm">Vente : <Anchor component={Link} to={`${ROUTES.invoices}/${i._id}`}>{invoiceLabel(i)}</Anchor></Text>
        ))}
      </Stack>
      {can(PERMISSIONS.purchasesManage) && <div><Button variant="light" onClick={() => setEditing(true)}>Modifier les liens</Button></div>}
      {editing && <EditLinks purchase={purchase} onClose={() => setEditing(false)} />}
    </Section>
  );
}
