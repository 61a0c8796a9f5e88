/** The public invitation calls and their answers (server/src/platform/routes/invitation-public.ts). */
import type { InvitationCheckResponse, InvitationStatus } from '@comptoir/schemas';
import { api } from '../api.ts';

export type CheckAnswer = InvitationCheckResponse;

export interface JoinAnswer {
  status: InvitationStatus['status'];
  request: InvitationStatus;
  companyId: string;
  companyName: string;
  /** a new account: its session, stored like a sign-in */
  token?: string;
  user?: { _id: string; email: string };
}

export interface NewAccount { email: string; password: string; firstname?: string; name?: string }

export const checkKey = (key: string) => ['kernel', 'invitation-check', key] as const;

export function checkInvitation(key: string): Promise<CheckAnswer> {
  return api.post<CheckAnswer>('/kernel/invitations/check', { key });
}

/** Uses the link: signed in, or with a new account (then signed in with it). */
export async function joinInvitation(key: string, body: { description?: string; account?: NewAccount }): Promise<JoinAnswer> {
  const answer = await api.post<JoinAnswer>('/kernel/invitations/accept', { key, ...body });
  if (answer.token) {
    api.setToken(answer.token);
    api.setUser(answer.user ?? null);
    api.setCompany(answer.status === 'accepted' ? answer.companyId : null);
  }
  return answer;
}

/** Into the shell, working in the invitation's company. */
export function enterCompany(companyId: string): void {
  api.setCompany(companyId);
  window.location.assign('/');
}
