/** Helpers of the invitation tests (test/integration/kernel-invitations*.test.ts). */
import { expect } from 'chai';
import type { TestHttp, TestKernel, TestResponse } from '@comptoir/sdk/testing';

export const INVITEE_PASSWORD = 'motdepasse-invite-1';

export interface CreatedInvitation { _id: string; key: string; path: string; [field: string]: unknown }

/** POST /api/kernel/invitations as `h` (default: the admin of A); 201 expected. */
export async function createInvitation(k: TestKernel, body: Record<string, unknown>, h: TestHttp = k.http): Promise<CreatedInvitation> {
  const res = await h.post('/api/kernel/invitations', body);
  expect(res.status, JSON.stringify(res.body)).to.equal(201);
  return res.body as CreatedInvitation;
}

/** A person with no account uses the link and creates one. */
export function joinWithAccount(k: TestKernel, key: string, email: string, extra: Record<string, unknown> = {}): Promise<TestResponse> {
  return k.anonymous.post('/api/kernel/invitations/accept', {
    key, account: { email, password: INVITEE_PASSWORD, firstname: 'Inès', name: 'Vité' }, ...extra,
  });
}

/** The signed-in person behind `token` uses the link. */
export function joinSignedIn(k: TestKernel, key: string, token: string, extra: Record<string, unknown> = {}): Promise<TestResponse> {
  return k.anonymous.post('/api/kernel/invitations/accept', { key, ...extra }, { token });
}

export function check(k: TestKernel, key: string, token: string | null = null): Promise<TestResponse> {
  return k.anonymous.post('/api/kernel/invitations/check', { key }, { token });
}

/** The raw row of an invitation (counter as the database holds it). */
export async function invitationRow(k: TestKernel, id: string): Promise<Record<string, unknown>> {
  return k.db('kernel_invitations').where('_id', id).first();
}
