/**
 * `kernel.storedFiles` (sdk/src/kernel-services.ts): files a plugin produced for the active company
 * and keeps as they are (invoicing's frozen e-invoices), in the kernel's storage under
 * `<company>/plugin-<owner>/<name>`. Three segments: the attachment server reads only the four of
 * `/attachment/{folder}/{subfolder}/{filename}/{variant}` (attachment-keys.ts), so these bytes are
 * never reachable by URL; only the owner's code reads them, through its own routes and permissions.
 * No route lists, replaces or removes them; backups and restores carry them like every object.
 */
import { badRequest, type CallContext, type KernelStoredFiles } from '@comptoir/sdk';
import { assertStorageKey, type FileStorage } from '../../../storage/file-storage.ts';

const OWNER = /^[a-z][a-z0-9-]{0,63}$/;

export const storedFilesFolder = (companyId: string, owner: string): string => {
  if (!OWNER.test(owner)) throw new Error(`stored files: « ${owner} » is not a plugin id`);
  return `${companyId}/plugin-${owner}`;
};

export function storedFiles(ctx: CallContext): KernelStoredFiles {
  const storage = () => ctx.resolve<FileStorage>('storage');
  const folder = (owner: string) => {
    if (!ctx.caller.companyId) throw badRequest('Aucune entreprise active : précisez l’en-tête AT-Company.');
    return storedFilesFolder(ctx.caller.companyId, owner);
  };
  const keyOf = (owner: string, name: string) => {
    const key = `${folder(owner)}/${name}`;
    // one segment: a name with a slash would open sub-folders the listing below does not expect
    if (name.includes('/')) throw new Error(`stored files: « ${name} » must be one key segment`);
    assertStorageKey(key);
    return key;
  };
  return {
    put: (owner, name, data) => storage().put(keyOf(owner, name), data),
    get: (owner, name) => storage().get(keyOf(owner, name)),
    remove: (owner, name) => storage().remove(keyOf(owner, name)),
    async list(owner, prefix = '') {
      const base = `${folder(owner)}/`;
      const names: string[] = [];
      for await (const key of storage().list(base + prefix)) {
        const name = key.slice(base.length);
        if (!name.includes('/')) names.push(name);
      }
      return names;
    },
  };
}
