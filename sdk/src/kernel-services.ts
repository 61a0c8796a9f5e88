/**
 * The kernel's services a plugin resolves by name (the kernel is an implicit dependency of every
 * plugin): `ctx.resolve<KernelNumbering>('kernel.numbering')`.
 */
import type { Company, Establishment, NumberingKind } from '@comptoir/schemas';

export interface TakenNumber {
  number: number;
  /** prefix + number padded to minDigits + suffix */
  numberFull: string;
}

/**
 * `kernel.numbering`: document numbers (spec 000 §5). `take` runs inside the caller's transaction
 * and locks the company's counter: concurrent emissions get consecutive numbers, a rolled-back
 * emission gives its number back. `existing` > 0 is kept as the number.
 */
export interface KernelNumbering {
  take(kind: NumberingKind, existing?: number | null): Promise<TakenNumber>;
  preview(kind: NumberingKind): Promise<TakenNumber>;
}

/** `kernel.companies`: the active company, and the companies the caller is a member of (else 404). */
export interface KernelCompanies {
  current(): Promise<Company>;
  get(id: string): Promise<Company>;
}

/** An attachment of `kernel.mailer`: content in base64. */
export interface MailAttachmentInput { filename: string; content: string; contentType?: string }

/**
 * `kernel.mailer`: `send` records the message in the caller's transaction and delivers it after the
 * commit through the company's SMTPSettings, with retries (a rolled-back call sends nothing). Each
 * delivered message writes an `emailSent` Activity. Answers the id of the queued message.
 */
export interface KernelMailer {
  send(message: { to: string | string[]; subject: string; text: string; html?: string; attachments?: MailAttachmentInput[] }): Promise<{ _id: string }>;
}

/** An opening interval, ISO 8601 instants in UTC, start included, end excluded. */
export interface OpeningIntervalAnswer { start: string; end: string }

/**
 * `kernel.establishments`: the establishments of the active company (404 otherwise) and their
 * opening hours in Europe/Paris time (special hours replace the regular ones on their dates). An
 * instant is a Date or an ISO 8601 string; a span over 367 days is refused (400).
 */
export interface KernelEstablishments {
  get(id: string): Promise<Establishment>;
  isOpenAt(id: string, at: Date | string): Promise<boolean>;
  openingIntervals(id: string, from: Date | string, to: Date | string): Promise<OpeningIntervalAnswer[]>;
}
