/** One purchase: provider, the supplier's references, lines, VAT and totals, payments, links, the file it came from. */
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { Anchor, Button, Group, SimpleGrid, Stack, Text } from '@mantine/core';
import { formatDate, formatMoney, useComptoir, useInvalidate } from '@comptoir/sdk/react';
import { ConfirmDialog, DocumentLinesTable, DocumentTotals, PageHeader, PartyCard, Section, StatusBadges, notifySaved } from '@comptoir/sdk/ui';
import { PERMISSIONS, PURCHASES, ROUTES, purchasePath } from '../api.ts';
import { PaymentsSection } from '../common/PaymentsSection.tsx';
import { PurchaseLinks } from './PurchaseLinks.tsx';
import { STATUS_STYLES, isCreditNote } from './purchaseStatus.ts';
import type { Purchase } from '../common/types.ts';

function references(p: Purchase): string {
  const parts = [
    p.invoiceNumber && `${isCreditNote(p) ? 'Avoir' : 'Facture'} n° ${p.invoiceNumber}`,
    `du ${formatDate(p.date, { dateStyle: 'long' })}`,
    p.dueDate && `échéance le ${formatDate(p.dueDate)}`,
    p.commandOrder && `bon de commande ${p.commandOrder}`,
  ];
  return parts.filter(Boolean).join(', ');
}

export function PurchaseView({ purchase }: { purchase: Purchase }) {
  const { api, can } = useComptoir();
  const navigate = useNavigate();
  const invalidate = useInvalidate();
  const [deleting, setDeleting] = useState(false);
  const sender = purchase.sender;
  const legal = [sender?.siret && `SIRET ${sender.siret}`, !sender?.siret && sender?.siren && `SIREN ${sender.siren}`].filter((x): x is string => !!x);

  async function remove() {
    await api.delete(purchasePath(purchase._id));
    await invalidate(PURCHASES);
    notifySaved(`L’achat ${purchase.numberFull ?? ''} est supprimé.`);
    navigate(ROUTES.purchases);
  }

  return (
    <Stack gap="lg" data-testid="purchases-view">
      <Anchor component={Link} to={ROUTES.purchases} size="sm">← Tous les achats</Anchor>
      <PageHeader
        title={`${isCreditNote(purchase) ? 'Avoir fournisseur' : 'Achat'} ${purchase.numberFull ?? ''}`}
        description={references(purchase)}
        actions={can(PERMISSIONS.purchasesManage) && (
          <>
            <Button variant="subtle" color="red" onClick={() => setDeleting(true)}>Supprimer</Button>
            <Button variant="default" component={Link} to="modifier">Modifier</Button>
          </>
        )}
      />
      <StatusBadges status={purchase.status} styles={STATUS_STYLES} creditNote={isCreditNote(purchase)} testId="purchases-status" size="lg" />
      <SimpleGrid cols={{ base: 1, md: 2 }}>
        <PartyCard party={purchase.provider} title="Fournisseur" testId="purchases-provider" />
        {sender?.name && <PartyCard party={{ company: sender.name, vatNumber: sender.vatNumber, invoicingAddress: sender.address }} title="Émetteur (sur la facture)" more={legal} />}
      </SimpleGrid>
      <Section title="Lignes">
        <DocumentLinesTable items={purchase.items} />
        <DocumentTotals totals={purchase} paid={purchase.paidAmount} unpaid={purchase.unpaidAmount} testIdPrefix="purchases"
          extra={<Text size="sm" c="dimmed">dont TVA déductible ({purchase.vatRecoveryPercent} %) : {formatMoney(purchase.recoverableVatAmount)}</Text>} />
        {purchase.forResale && <Text size="sm">Marchandises destinées à la revente.</Text>}
      </Section>
      {(purchase.comment || purchase.freeData) && (
        <Section title="Textes">
          {purchase.comment && <Text size="sm" style={{ whiteSpace: 'pre-line' }}>{purchase.comment}</Text>}
          {purchase.freeData && <Text size="xs" c="dimmed" style={{ whiteSpace: 'pre-line' }}>{purchase.freeData}</Text>}
        </Section>
      )}
      {purchase.attachments.length > 0 && (
        <Section title="Pièces jointes">
          <Group gap="md">
            {purchase.attachments.map((a) => (
              <Anchor key={a.uuid} href={`/attachment/${a.folder}/${a.subfolder ?? 'files'}/${a.filename}/original`} target="_blank" rel="noreferrer">{a.name ?? a.filename}</Anchor>
            ))}
          </Group>
        </Section>
      )}
      <PurchaseLinks purchase={purchase} />
      <PaymentsSection collection={PURCHASES} id={purchase._id} due={purchase.unpaidAmount} total={purchase.inclTaxesPrice} paid={purchase.paidAmount} title={`Enregistrer un paiement — achat ${purchase.numberFull ?? ''}`} />
      <ConfirmDialog opened={deleting} title="Supprimer l’achat" confirmLabel="Supprimer" onConfirm={remove} onClose={() => setDeleting(false)}>
        L’achat sera supprimé définitivement. Un achat qui a des paiements ne peut pas l’être.
      </ConfirmDialog>
    </Stack>
  );
}
