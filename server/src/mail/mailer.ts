/**
 * The mailer (platform README « Mail »): `queue` records a message in the given database handle — the caller's
 * transaction, so a rolled-back call sends nothing — and the worker delivers it after the commit
 * through the company's SMTPSettings (nodemailer), with retries and backoff. Each delivered message
 * writes an `emailSent` Activity for the company.
 */
import type { Knex } from 'knex';
import nodemailer from 'nodemailer';
import type { Logger } from 'pino';
import { badRequest } from '@comptoir/sdk';
import { newId } from '../util/ids.ts';
import type { Clock } from '../util/clock.ts';
import { encodeRow } from '../db/record-codec.ts';
import { Activities } from '../entities/platform.ts';

export const MAIL_TABLE = 'kernel_mail_queue';
/** Bus event published after the commit of a call that queued mail: wakes the worker. */
export const MAIL_QUEUED_EVENT = 'kernel.mail.queued';

export interface MailAttachment { filename: string; /** base64 */ content: string; contentType?: string }
/** The record a message is about: its `emailSent` Activity points at it (`fk.object`, `objectType`). */
export interface MailAbout { object: string; objectType: string }
export interface MailMessage { to: string | string[]; subject: string; text: string; html?: string; attachments?: MailAttachment[]; about?: MailAbout }

export interface Mailer {
  /** records `message` for `companyId` in `db` (a transaction: delivered after its commit); answers its id */
  queue(db: Knex | Knex.Transaction, companyId: string, message: MailMessage, by?: string | null): Promise<string>;
  /** delivers what is due now (after a commit, or on the poll timer) */
  kick(): void;
  /** waits until the current delivery round, and one started by a pending kick, are over */
  drain(): Promise<void>;
  stop(): Promise<void>;
}

export interface MailerOptions {
  db: Knex;
  log: Logger;
  clock: Clock;
  /** wall-clock delays before attempt 2, 3, ... (ms); after the last, the message is `failed` */
  backoffMs?: number[];
  pollMs?: number;
  /** now for scheduling (ms); the wall clock by default, independent of a still test clock */
  wallNow?: () => number;
}

export const DEFAULT_BACKOFF_MS = [60_000, 5 * 60_000, 15 * 60_000, 60 * 60_000, 6 * 60 * 60_000];
const EMAIL = /^[^\s@<>]+@[^\s@<>]+$/;
const ID = /^[0-9a-f]{24}$/;
const OBJECT_TYPE = /^[a-z][a-z0-9-]*\.[a-zA-Z][a-zA-Z0-9-]*$/;

function checkMessage(m: MailMessage): string[] {
  const to = (Array.isArray(m?.to) ? m.to : [m?.to]).filter((x) => x !== undefined);
  if (!to.length || to.some((x) => typeof x !== 'string' || !EMAIL.test(x))) {
    throw badRequest('Destinataire invalide : une adresse e-mail est attendue.', [{ field: 'to', message: 'adresse e-mail invalide' }]);
  }
  if (typeof m.subject !== 'string' || !m.subject.trim() || m.subject.length > 255) {
    throw badRequest('Objet invalide : un texte de 1 à 255 caractères est attendu.', [{ field: 'subject', message: 'valeur invalide' }]);
  }
  if (typeof m.text !== 'string') throw badRequest('Corps invalide : un texte est attendu.', [{ field: 'text', message: 'valeur invalide' }]);
  if (m.html !== undefined && typeof m.html !== 'string') throw badRequest('Corps HTML invalide.', [{ field: 'html', message: 'valeur invalide' }]);
  for (const a of m.attachments ?? []) {
    if (typeof a?.filename !== 'string' || typeof a?.content !== 'string') {
      throw badRequest('Pièce jointe invalide : nom et contenu (base64) attendus.', [{ field: 'attachments', message: 'valeur invalide' }]);
    }
  }
  if (m.about !== undefined && (!ID.test(String(m.about?.object)) || !OBJECT_TYPE.test(String(m.about?.objectType)))) {
    throw badRequest('Objet de l’e-mail invalide : un identifiant et un type `<plugin>.<collection>` sont attendus.', [{ field: 'about', message: 'valeur invalide' }]);
  }
  return to as string[];
}

const json = (v: unknown) => (typeof v === 'string' ? JSON.parse(v) : v);

interface QueueRow {
  _id: string; fk_company: string; to: unknown; subject: string; text: string; html: string | null;
  attachments: unknown; attempts: number; metadata_createdBy: string | null;
  objectId: string | null; objectType: string | null; nextAttemptAt: string;
}

/**
 * How long a process owns a message it is sending: another kernel process (several behind a load
 * balancer share the queue) skips it meanwhile; a process that dies mid-send leaves it due again
 * once the lease is over.
 */
const SEND_LEASE_MS = 10 * 60_000;

export function createMailer(options: MailerOptions): Mailer {
  const { db, log, clock } = options;
  const backoff = options.backoffMs ?? DEFAULT_BACKOFF_MS;
  const wallNow = options.wallNow ?? Date.now;
  let running: Promise<void> | null = null;
  let again = false;
  let stopped = false;

  async function smtpOf(companyId: string) {
    const row = await db('kernel_smtp_settings').where('fk_company', companyId).first();
    if (!row) return null;
    return { host: row.host as string, port: Number(row.port ?? 465), secure: row.secure === null || row.secure === undefined ? true : Boolean(row.secure), auth: json(row.auth) ?? undefined, tls: json(row.tls) ?? {} };
  }

  /**
   * Takes the message for this process: a conditional update on the state the round read, so that
   * of two processes reading the same due message only one sends it (the other updates no row).
   */
  async function claim(row: QueueRow): Promise<boolean> {
    const changed = await db(MAIL_TABLE)
      .where({ _id: row._id, status: 'pending', attempts: row.attempts, nextAttemptAt: row.nextAttemptAt })
      .update({ nextAttemptAt: new Date(wallNow() + SEND_LEASE_MS).toISOString() });
    return Number(changed) === 1;
  }

  async function deliver(row: QueueRow) {
    if (!(await claim(row))) return;
    const to = json(row.to) as string[];
    const attempts = Number(row.attempts) + 1;
    try {
      const smtp = await smtpOf(row.fk_company);
      if (!smtp?.host) throw new Error('Aucun serveur d’envoi (SMTP) n’est configuré pour l’entreprise.');
      const transport = nodemailer.createTransport({
        host: smtp.host, port: smtp.port, secure: smtp.secure, tls: smtp.tls,
        ...(smtp.auth?.user ? { auth: { user: smtp.auth.user, pass: smtp.auth.pass } } : {}),
        connectionTimeout: 15_000, greetingTimeout: 15_000, socketTimeout: 30_000,
      });
      const attachments = ((json(row.attachments) ?? []) as MailAttachment[])
        .map((a) => ({ filename: a.filename, content: Buffer.from(a.content, 'base64'), contentType: a.contentType }));
      let info;
      try {
        info = await transport.sendMail({
          from: smtp.auth?.user && EMAIL.test(smtp.auth.user) ? smtp.auth.user : `comptoir@${smtp.host}`,
          to, subject: row.subject, text: row.text, html: row.html ?? undefined, attachments,
        });
      } finally { transport.close(); }
      const now = clock.now().toISOString();
      await db.transaction(async (trx) => {
        await trx(MAIL_TABLE).where('_id', row._id).update({
          status: 'sent', attempts, sentAt: now, lastError: null, messageId: String(info.messageId ?? '').slice(0, 255),
          metadata_lastModificationDate: now,
        });
        const by = row.metadata_createdBy;
        await trx(Activities.table).insert(encodeRow(Activities, {
          _id: newId(), date: now, type: 'emailSent',
          data: { mail: row._id, to, subject: row.subject, messageId: info.messageId ?? null },
          tags: ['email'], by, description: `E-mail envoyé à ${to.join(', ')} : ${row.subject}`,
          ...(row.objectType ? { objectType: row.objectType } : {}),
          metadata: { creationDate: now, lastModificationDate: now, createdBy: by, lastModifiedBy: by },
          fk: { companies: [row.fk_company], company: row.fk_company, object: row.objectId ?? null, by },
        }));
      });
      log.info({ mail: row._id, to }, 'mail sent');
    } catch (err) {
      const message = (err as Error).message ?? String(err);
      const failed = attempts > backoff.length;
      const now = clock.now().toISOString();
      await db(MAIL_TABLE).where('_id', row._id).update({
        status: failed ? 'failed' : 'pending', attempts, lastError: message.slice(0, 2000),
        nextAttemptAt: failed ? null : new Date(wallNow() + backoff[attempts - 1]).toISOString(),
        metadata_lastModificationDate: now,
      });
      log.warn({ mail: row._id, attempts, failed, err: message }, 'mail delivery failed');
    }
  }

  async function round() {
    do {
      again = false;
      const due = await db(MAIL_TABLE).where('status', 'pending').andWhere('nextAttemptAt', '<=', new Date(wallNow()).toISOString())
        .orderBy('nextAttemptAt').limit(50) as QueueRow[];
      for (const row of due) {
        if (stopped) return;
        await deliver(row);
      }
    } while (again && !stopped);
  }

  const kick = () => {
    if (stopped) return;
    if (running) { again = true; return; }
    running = round()
      .catch((err) => log.error({ err }, 'mail worker round failed'))
      .finally(() => { running = null; });
  };
  const timer = setInterval(kick, options.pollMs ?? 30_000);
  timer.unref();

  return {
    async queue(trx, companyId, message, by = null) {
      const to = checkMessage(message);
      const id = newId();
      const now = clock.now().toISOString();
      await trx(MAIL_TABLE).insert({
        _id: id, fk_company: companyId, to: JSON.stringify(to), subject: message.subject, text: message.text,
        html: message.html ?? null, attachments: JSON.stringify(message.attachments ?? []),
        status: 'pending', attempts: 0, nextAttemptAt: new Date(wallNow()).toISOString(), lastError: null,
        objectId: message.about?.object ?? null, objectType: message.about?.objectType ?? null,
        metadata_creationDate: now, metadata_lastModificationDate: now, metadata_createdBy: by, metadata_lastModifiedBy: by,
      });
      return id;
    },
    kick,
    async drain() {
      while (running) await running;
    },
    async stop() {
      stopped = true;
      clearInterval(timer);
      while (running) await running;
    },
  };
}
