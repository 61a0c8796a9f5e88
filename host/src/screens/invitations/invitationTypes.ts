/** Invitations and requests as the kernel API answers them, and how the screens word them. */
import type { Invitation, InvitationStatus, InvitationStatusValue } from '@comptoir/schemas';
import { formatNumber } from '@comptoir/sdk/react';

export type InvitationRecord = Omit<Invitation, 'keyHash'>;
export type RequestRecord = InvitationStatus;
/** The answers of creation and « Nouveau lien »: the only ones that carry the link's key. */
export type InvitationWithKey = InvitationRecord & { key: string; path: string };

export const INVITATIONS_PATH = '/kernel/invitations';
export const REQUESTS_PATH = '/kernel/invitation-requests';

export const STATUS_LABEL: Record<InvitationStatusValue, string> = {
  pending: 'En attente', accepted: 'Acceptée', rejected: 'Refusée',
};
export const STATUS_COLOR: Record<InvitationStatusValue, string> = {
  pending: 'orange', accepted: 'teal', rejected: 'red',
};

/** « 2 / 5 », or « 2 / illimité » for maxUsage 0. */
export function usageLabel(inv: Pick<InvitationRecord, 'currentUsageCount' | 'maxUsage'>): string {
  return `${formatNumber(inv.currentUsageCount)} / ${inv.maxUsage === 0 ? 'illimité' : formatNumber(inv.maxUsage)}`;
}

/** The full address of the public page, on the address this shell is served at. */
export function invitationLink(path: string): string {
  return `${window.location.origin}${path}`;
}

/** « Prénom Nom », or the e-mail. */
export function requesterName(r: Pick<RequestRecord, 'providedInformation' | 'userEmail'>): string {
  const p = r.providedInformation ?? {};
  return [p.firstname, p.name].filter((x) => x && x.trim()).join(' ') || r.userEmail;
}
