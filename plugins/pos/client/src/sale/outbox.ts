/**
 * Sales validated while the connection was lost (README « Client », « Offline »): kept in
 * localStorage per register, in order, sent again when the connection is back. A sale leaves the
 * outbox only when the server answered (created, or refused with a reason a person must read).
 */
import type { ReceiptBody } from './basket.ts';

export interface PendingSale {
  /** local id, shown in the banner and used to remove it */
  id: string;
  body: ReceiptBody;
  /** ISO time the sale was validated at the till */
  at: string;
  /** the server's French refusal once it answered one (the sale then waits for a person) */
  error?: string;
}

export const outboxKey = (registerId: string) => `comptoir.pos.outbox.${registerId}`;

export function parseOutbox(text: string | null): PendingSale[] {
  if (!text) return [];
  try {
    const value = JSON.parse(text) as unknown;
    return Array.isArray(value) ? (value as PendingSale[]) : [];
  } catch {
    return [];
  }
}

/** The status the SDK's client gives a request that got no answer (client README « Errors »). */
export const NO_ANSWER = 510;

export type SendResult = { ok: true } | { ok: false; status: number; message: string };

/**
 * Sends the pending sales in order. Stops at the first one without an answer (still offline: the
 * next ones would fail too, and order matters for the drawer); a refused one keeps its message and
 * the others go on. Answers the outbox left and how many were created.
 */
export async function flushOutbox(pending: PendingSale[], send: (body: ReceiptBody) => Promise<SendResult>): Promise<{ left: PendingSale[]; sent: number }> {
  const left: PendingSale[] = [];
  let sent = 0;
  for (let i = 0; i < pending.length; i++) {
    const sale = pending[i];
    if (sale.error) {
      left.push(sale);
      continue;
    }
    const result = await send(sale.body);
    if (result.ok) {
      sent++;
      continue;
    }
    if (result.status === NO_ANSWER) return { left: [...left, ...pending.slice(i)], sent };
    left.push({ ...sale, error: result.message });
  }
  return { left, sent };
}
