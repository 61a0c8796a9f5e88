/**
 * A request to join a company through an invitation (platform README « Invitations »): it
 * starts `pending`; an administrator accepts or rejects it (`fk.acceptedOrRejectedBy`), or it is
 * accepted at once when the invitation has no manual checking (`fk.acceptedOrRejectedBy` null: the
 * system decided). Also the answer of the public check of a link (InvitationCheckResponse).
 */
import { Type, type Static } from '@sinclair/typebox';
import { DateTime, Email, Entity, Id, Nullable, Str, Text } from '../kinds.ts';
import { StrEnum } from './str-enum.ts';
import { withDefault } from './with-default.ts';

export const INVITATION_STATUSES = ['pending', 'accepted', 'rejected'] as const;
export type InvitationStatusValue = (typeof INVITATION_STATUSES)[number];

/** What the requester said about themselves when asking (copied from their account, then kept). */
export const InvitationProvidedInformation = Type.Object({
  firstname: Type.Optional(Str()),
  name: Type.Optional(Str()),
  email: Type.Optional(Email()),
}, { additionalProperties: false, default: {} });

export const InvitationStatus = Entity({
  status: StrEnum(INVITATION_STATUSES, { default: 'pending' }),
  /** when the request was made */
  date: DateTime(),
  /** the requester's message to the administrators */
  description: Type.Optional(Text({ maxLength: 2000 })),
  /** the requester's e-mail when asking */
  userEmail: Email(),
  providedInformation: InvitationProvidedInformation,
}, {
  company: Id(),
  invitation: Id(),
  user: Id(),
  /** who accepted or rejected it; null while pending, or when accepted automatically */
  acceptedOrRejectedBy: withDefault(Nullable(Id()), null),
});
export type InvitationStatus = Static<typeof InvitationStatus>;

/** What the public check of a link answers (platform README « Invitations »). */
export const InvitationCheckResponse = Type.Object({
  invitation: Type.Object({
    _id: Id(),
    name: Str(),
    description: Type.Optional(Text()),
    date: DateTime(),
    maxUsage: Type.Integer(),
    currentUsageCount: Type.Integer(),
    manualRequestChecking: Type.Boolean(),
    active: Type.Boolean(),
  }),
  roles: Type.Array(Type.Object({ _id: Id(), name: Str() })),
  companyId: Id(),
  companyName: Str(),
  /** the signed-in caller is already a member (false when anonymous) */
  alreadyInCompany: Type.Boolean(),
  /** the signed-in caller's latest request on this invitation (null: none, or anonymous) */
  status: Nullable(StrEnum(INVITATION_STATUSES)),
  /** the same request's id */
  requestId: Nullable(Id()),
});
export type InvitationCheckResponse = Static<typeof InvitationCheckResponse>;
