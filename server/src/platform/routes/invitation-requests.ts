/**
 * /api/kernel/invitation-requests: the requests to join the active company through its
 * invitations (spec: InvitationStatus), filterable by `fk.invitation` and `status` like any list,
 * and the administrators' decisions. Other companies' requests are 404 here, as for any object.
 */
import { route, type ListParams, type RouteDefinition } from '@comptoir/sdk';
import { InvitationRequests } from '../../entities/platform.ts';
import { P } from '../permissions.ts';
import { decideRequest } from '../services/invitations/invitation-requests.ts';

export const invitationRequestRoutes: RouteDefinition[] = [
  route({
    method: 'GET', path: '/kernel/invitation-requests', permission: P.usersManage, summary: 'Demandes d’accès à l’entreprise',
    handler: (req) => req.repo(InvitationRequests).list(req.query as ListParams),
  }),
  route({
    method: 'GET', path: '/kernel/invitation-requests/:id', permission: P.usersManage, summary: 'Une demande d’accès',
    handler: (req) => req.repo(InvitationRequests).get(req.params.id),
  }),
  route({
    method: 'POST', path: '/kernel/invitation-requests/:id/accept', permission: P.usersManage,
    summary: 'Accepter une demande : la personne devient membre avec les rôles de l’invitation',
    handler: (req) => decideRequest(req, req.params.id, 'accepted'),
  }),
  route({
    method: 'POST', path: '/kernel/invitation-requests/:id/reject', permission: P.usersManage,
    summary: 'Refuser une demande',
    handler: (req) => decideRequest(req, req.params.id, 'rejected'),
  }),
];
