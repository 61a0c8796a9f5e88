/**
 * A user's avatar is the attachment of their account tagged `avatar` (schemas README « User »). It is
 * stored under `<user>/avatar/`, so it follows the person across companies; setting a new one
 * replaces the previous one, whose bytes go after the commit.
 */
import type { CallContext } from '@comptoir/sdk';
import type { Attachment, User } from '@comptoir/schemas';
import { Users } from '../../../entities/platform.ts';
import { SUBFOLDERS } from './attachment-keys.ts';
import { releaseAttachments } from './attachment-release.ts';

export const AVATAR_TAG = 'avatar';

/** Replaces the user's avatar with `avatar` (none: removes it); answers the user. */
export async function setAvatar(ctx: CallContext, userId: string, avatar: Attachment | null): Promise<User> {
  const users = ctx.unscoped(Users);
  const user = await users.get(userId) as User;
  const previous = user.attachments.filter((a) => a.tags.includes(AVATAR_TAG));
  const others = user.attachments.filter((a) => !a.tags.includes(AVATAR_TAG));
  releaseAttachments(ctx, previous, { folder: userId, subfolder: SUBFOLDERS.avatar });
  if (!avatar && previous.length === 0) return user;
  return users.update(userId, { attachments: avatar ? [...others, avatar] : others }) as Promise<User>;
}
