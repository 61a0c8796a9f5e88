/**
 * The files browser's documents (platform README « Files and attachments »): one File per upload, holding its attachments
 * (stored under `<company>/files/`). Members upload and read; each may rename, file and delete
 * what they uploaded; `kernel.files.manage` may do so with everyone's.
 */
import { badRequest, forbidden, type CallContext } from '@comptoir/sdk';
import type { Attachment, FileDocument, FileUploadFields, Group } from '@comptoir/schemas';
import { Files, Groups } from '../../../entities/platform.ts';
import { P } from '../../permissions.ts';
import { SUBFOLDERS } from './attachment-keys.ts';
import { releaseAttachments } from './attachment-release.ts';

/** The File an upload creates: named after its first file unless the form names it. */
export function fileFromUpload(fields: FileUploadFields, attachments: Attachment[]): Record<string, unknown> {
  return {
    name: fields.name ?? attachments[0]?.name ?? 'Fichier',
    ...(fields.description !== undefined ? { description: fields.description } : {}),
    fk: { group: fields.fk?.group ?? null },
    attachments,
  };
}

/** the collection a File's `fk.group` classes it in */
export const FILES_COLLECTION = 'kernel.files';

/**
 * 400 naming `fk.group` unless it is null or a group of the active company classing files: a
 * File must not point at a group of another company, another collection, or none.
 */
export async function checkGroup(ctx: CallContext, fk: { group?: string | null } | undefined): Promise<void> {
  const id = fk?.group;
  if (id === undefined || id === null) return;
  const group = await ctx.repo(Groups).find(id) as Group | null;
  const why = !group ? 'groupe introuvable' : group.pluginIdentifier !== FILES_COLLECTION ? `le groupe « ${group.name} » ne classe pas les fichiers` : null;
  if (why) throw badRequest(`Groupe invalide : « fk.group » : ${why}.`, [{ field: 'fk.group', message: why }]);
}

/** After `kernel.group.deleted`: the company's Files filed in that group are filed nowhere. */
export async function forgetGroup(ctx: CallContext, groupId: string): Promise<number> {
  const repo = ctx.repo(Files);
  const filed = await repo.findMany({ 'fk.group': groupId });
  for (const f of filed) await repo.update((f as FileDocument)._id, { fk: { group: null } });
  return filed.length;
}

/** The uploader, or whoever holds kernel.files.manage. */
export function mayEdit(ctx: CallContext, file: FileDocument): boolean {
  return ctx.can(P.filesManage) || (ctx.caller.userId !== null && file.metadata.createdBy === ctx.caller.userId);
}

export async function editableFile(ctx: CallContext, id: string): Promise<FileDocument> {
  const file = await ctx.repo(Files).get(id) as FileDocument;
  if (!mayEdit(ctx, file)) {
    throw forbidden(`Seul l’auteur du dépôt ou un membre ayant la permission ${P.filesManage} peut modifier ou supprimer ce fichier.`);
  }
  return file;
}

/** Deletes the File; its bytes go once the deletion is committed. */
export async function deleteFile(ctx: CallContext, id: string): Promise<void> {
  const file = await editableFile(ctx, id);
  await ctx.repo(Files).remove(id);
  releaseAttachments(ctx, file.attachments, { folder: file.fk.company, subfolder: SUBFOLDERS.files });
}
