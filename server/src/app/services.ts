/**
 * Interfaces of the root services plugins reach through the kernel: file storage and mail.
 * Local disk storage is the default; S3-compatible storage (storage/s3.ts, `COMPTOIR_STORAGE=s3`)
 * implements the same interface (its contract is written in server/src/storage/file-storage.ts);
 * the kernel opens the configured one at boot (storage/open.ts).
 * The mailer queues messages in `kernel_mail_queue` and delivers them through the company's
 * SMTPSettings (server/src/mail/mailer.ts).
 */
export type { FileStorage } from '../storage/file-storage.ts';
import { localDiskStorage } from '../storage/local-disk.ts';
export { localDiskStorage };

/** @deprecated name kept for existing callers: the local-disk FileStorage */
export const localStorage = localDiskStorage;

export type { Mailer, MailMessage, MailAttachment } from '../mail/mailer.ts';
export { createMailer } from '../mail/mailer.ts';
