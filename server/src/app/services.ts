/**
 * Interfaces of the root services plugins reach through the kernel: file storage and mail.
 * Local disk storage is the default; S3-compatible storage implements the same interface.
 * The mailer queues messages in `kernel_mail_queue` and delivers them through the company's
 * SMTPSettings (server/src/mail/mailer.ts).
 */
import fs from 'node:fs/promises';
import path from 'node:path';
import type { Logger } from 'pino';

export interface FileStorage {
  put(key: string, data: Buffer): Promise<void>;
  get(key: string): Promise<Buffer | null>;
  remove(key: string): Promise<void>;
}

export function localStorage(root: string): FileStorage {
  const safe = (key: string) => {
    const full = path.resolve(root, key);
    if (!full.startsWith(path.resolve(root) + path.sep)) throw new Error(`storage key escapes its root: ${key}`);
    return full;
  };
  return {
    async put(key, data) {
      const file = safe(key);
      await fs.mkdir(path.dirname(file), { recursive: true });
      await fs.writeFile(file, data);
    },
    async get(key) {
      try { return await fs.readFile(safe(key)); } catch (e) {
        if ((e as NodeJS.ErrnoException).code === 'ENOENT') return null;
        throw e;
      }
    },
    async remove(key) {
      await fs.rm(safe(key), { force: true });
    },
  };
}

export type { Mailer, MailMessage, MailAttachment } from '../mail/mailer.ts';
export { createMailer } from '../mail/mailer.ts';
