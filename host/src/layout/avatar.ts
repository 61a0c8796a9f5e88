/** The user's picture: the attachment of their account tagged `avatar` (schemas README « User »), or initials. */
import { attachmentUrl, taggedAttachment, type Attachment, type AttachmentVariant } from '@comptoir/schemas';
import type { ComptoirUser } from '@comptoir/sdk/react';

export function avatarUrl(user: ComptoirUser | null | undefined, variant: AttachmentVariant): string | null {
  const avatar = taggedAttachment(user?.attachments as Attachment[] | undefined, 'avatar');
  return avatar ? attachmentUrl(avatar, variant) : null;
}

export function initials(user: ComptoirUser | null | undefined): string {
  const letters = `${user?.firstname?.[0] ?? ''}${user?.name?.[0] ?? ''}`;
  return (letters || user?.email?.[0] || '?').toUpperCase();
}
