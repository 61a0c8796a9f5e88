/**
 * « Créer un avoir » : of the whole invoice or of chosen lines. A line is credited once (the
 * server refuses twice): lines already credited are not offered. Opens the new draft credit note.
 */
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { Checkbox, Radio, Stack, Text, TextInput } from '@mantine/core';
import { formatMoney, useComptoir, useInvalidate } from '@comptoir/sdk/react';
import { ConfirmDialog } from '@comptoir/sdk/ui';
import { INVOICES, ROUTES, invoicePath } from '../api.ts';
import type { Invoice } from '../types.ts';

export function CreditDialog({ invoice, opened, onClose }: { invoice: Invoice; opened: boolean; onClose(): void }) {
  const { api } = useComptoir();
  const invalidate = useInvalidate();
  const navigate = useNavigate();
  const credited = new Set((invoice.itemsCredit ?? []).map((c) => c.uuid));
  const open = invoice.items.filter((i) => !credited.has(i.uuid));
  const [scope, setScope] = useState<'all' | 'some'>('all');
  const [chosen, setChosen] = useState<string[]>([]);
  const [reason, setReason] = useState('');

  async function credit() {
    if (scope === 'some' && chosen.length === 0) throw new Error('Choisissez au moins une ligne à créditer.');
    const lines = scope === 'all' ? (credited.size ? { items: open.map((i) => i.uuid) } : {}) : { items: chosen };
    const body = reason.trim() ? { ...lines, reason: reason.trim() } : lines;
    const note = await api.post<Invoice>(invoicePath(invoice._id, 'credit'), body);
    await invalidate(INVOICES);
    navigate(`${ROUTES.invoices}/${note._id}`);
  }

  return (
    <ConfirmDialog opened={opened} title="Créer un avoir" confirmLabel="Créer l’avoir" onConfirm={credit} onClose={onClose}>
      <Stack gap="sm">
        <Text size="sm">L’avoir est créé en brouillon : vérifiez-le puis émettez-le.</Text>
        {open.length === 0 ? (
          <Text size="sm" c="red">Toutes les lignes de cette facture ont déjà été créditées.</Text>
        ) : (
          <>
            <Radio.Group value={scope} onChange={(v) => setScope(v as 'all' | 'some')}>
              <Stack gap={6}>
                <Radio value="all" label={credited.size ? 'Toutes les lignes restantes' : 'Toute la facture'} />
                <Radio value="some" label="Certaines lignes" />
              </Stack>
            </Radio.Group>
            <TextInput label="Motif" placeholder={`Avoir sur la facture n° ${invoice.numberFull ?? ''}`} value={reason}
              description="Imprimé sur l’avoir ; vide : la référence de la facture." onChange={(e) => setReason(e.currentTarget.value)} />
            {scope === 'some' && (
              <Checkbox.Group value={chosen} onChange={setChosen} label="Lignes à créditer">
                <Stack gap={6} mt="xs">
                  {open.map((i) => (
                    <Checkbox key={i.uuid} value={i.uuid} label={`${i.labelPrimary || '—'} — ${i.quantity} × ${formatMoney(i.inclTaxesPrice)} TTC`} />
                  ))}
                </Stack>
              </Checkbox.Group>
            )}
          </>
        )}
      </Stack>
    </ConfirmDialog>
  );
}
