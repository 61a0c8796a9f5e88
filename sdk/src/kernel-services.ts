/**
 * The platform's services (plugin id `kernel`, an implicit dependency of every plugin) and their
 * typed references: `ctx.use(kernelServices.numbering).take('invoice')`. This module is the
 * platform's contract (docs/architecture.md « Contracts »).
 */
import type { Company, Establishment, Group, GroupPluginSetting } from '@comptoir/schemas';
import type { LiveNotification } from './realtime.ts';
import { defineServiceRef } from './contracts.ts';

export type { LiveNotification, LiveNotificationChoice } from './realtime.ts';

export interface TakenNumber {
  number: number;
  /** prefix + number padded to minDigits + suffix */
  numberFull: string;
}

/**
 * `kernel.numbering`: document numbers (platform README « Services exported to every plugin »). `take` runs inside the caller's transaction
 * and locks the company's counter: concurrent emissions get consecutive numbers, a rolled-back
 * emission gives its number back. `existing` > 0 is kept as the number. `kind` must be declared by a
 * loaded plugin (`definePlugin({ numberingKinds })`), else 400.
 */
export interface KernelNumbering {
  take(kind: string, existing?: number | null): Promise<TakenNumber>;
  preview(kind: string): Promise<TakenNumber>;
}

/** A company's logo ready to print: an 8-bit RGB PNG without transparency, its size in pixels. */
export interface CompanyLogo { data: Buffer; mime: 'image/png'; width: number; height: number }

/**
 * `kernel.companies`: the active company, and the companies the caller is a member of (else 404).
 * `logo()`: the active company's logo (its attachment tagged `logo`) made ready for a PDF/A, null
 * without one.
 */
export interface KernelCompanies {
  current(): Promise<Company>;
  get(id: string): Promise<Company>;
  logo(): Promise<CompanyLogo | null>;
}

/** An attachment of `kernel.mailer`: content in base64. */
export interface MailAttachmentInput { filename: string; content: string; contentType?: string }

/** The record a message is about (`_id`, `<plugin>.<collection>`): its `emailSent` Activity points at it. */
export interface MailAboutInput { object: string; objectType: string }

/**
 * `kernel.mailer`: `send` records the message in the caller's transaction and delivers it after the
 * commit through the company's SMTPSettings, with retries (a rolled-back call sends nothing). Each
 * delivered message writes an `emailSent` Activity (with `fk.object` and `objectType` of `about`).
 * Answers the id of the queued message. `configured()`: whether the company has SMTPSettings.
 */
export interface KernelMailer {
  send(message: {
    to: string | string[]; subject: string; text: string; html?: string; attachments?: MailAttachmentInput[]; about?: MailAboutInput;
  }): Promise<{ _id: string }>;
  configured(): Promise<boolean>;
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
  /**
   * The same computing over hours that are not an establishment's (a bookable room's own regular
   * and special hours, booking README « Hours »): pure, no read.
   */
  openingIntervalsOf(hours: Pick<Establishment, 'regularHours' | 'specialHours'>, from: Date | string, to: Date | string): OpeningIntervalAnswer[];
}

/** The settings of a collection's groups (stored, or the defaults: tree, 5 levels, multi). */
export type GroupSettingsAnswer = Pick<GroupPluginSetting, 'mode' | 'maxDepth' | 'multi'>;

/**
 * `kernel.groups`: the groups of the active company, for plugins whose records carry `fk.groups`.
 * A collection is named `<plugin>.<collection>` (`contacts.customers`).
 */
export interface KernelGroups {
  /** a group of the active company (404 otherwise) */
  get(id: string): Promise<Group>;
  settings(pluginIdentifier: string): Promise<GroupSettingsAnswer>;
  /**
   * Checks the group ids a record is about to hold (`undefined`/`null`: nothing to check, `[]`).
   * 400 naming `<field>.<index>` (default field `fk.groups`) for an id that is not a group of the
   * active company, a group of another collection, an id given twice; 400 naming `<field>` for
   * several ids when the collection's `multi` is false. Answers the ids.
   */
  check(pluginIdentifier: string, ids: readonly string[] | undefined | null, field?: string): Promise<string[]>;
  /** the group and all its subgroups (ids, the group first): « ce groupe et ses sous-groupes » filters */
  descendants(id: string): Promise<string[]>;
}

/** A choice of a notification (platform README « Services exported to every plugin »); defaults: urlMode hidden, method get. */
export interface NotifyChoice {
  title: string;
  /**
   * hidden: called back by the server as the user who clicks (a `/api/...` path; an absolute
   * http(s) address only from plugin code, called without the user's credentials); navigate: a
   * path of the shell to open; blank: an address opened in a new tab
   */
  url?: string;
  urlMode?: 'hidden' | 'navigate' | 'blank';
  method?: 'get' | 'post' | 'put' | 'patch' | 'delete';
  /** sent with the call back; never shown to the browser */
  headers?: Record<string, string>;
  /** choosing it removes the notification for every recipient */
  clearNotificationForAll?: boolean;
}

/** What `kernel.notifier.notify` takes; defaults of platform README « Services exported to every plugin ». */
export interface NotifyInput {
  title: string;
  content?: string;
  /** primary (default), secondary, success, danger, warning, info, light, dark */
  style?: 'primary' | 'secondary' | 'success' | 'danger' | 'warning' | 'info' | 'light' | 'dark';
  /** low, normal (default), high */
  priority?: 'low' | 'normal' | 'high';
  choices?: NotifyChoice[];
  /** true (default): live only; false: also kept in the notification centre until dismissed */
  liveOnly?: boolean;
  /** for the software, not a person: delivered live to screens only (no toast, centre or e-mail) */
  internal?: boolean;
  /** ms on screen, 60000 by default; 0 = until closed */
  timeToLive?: number;
  /** sysName of a declared PushNotification kind: each recipient's push / signal / e-mail choices apply */
  kind?: string;
}

/**
 * `kernel.notifier`: notifications to members of the active company, recorded in the caller's
 * transaction and delivered after its commit (live, kept in the centre, e-mailed, as the
 * recipients chose for the kind). Users who are not members of the company are skipped.
 */
export interface KernelNotifier {
  /** answers the notifications as delivered: one per recipient, or one for the company (live only) */
  notify(to: string[] | 'company', notification: NotifyInput): Promise<LiveNotification[]>;
  /** removes the notifications of a sending (`batch`) for every recipient, live; answers how many */
  clear(batch: string): Promise<number>;
}

/**
 * `kernel.storedFiles`: bytes a plugin produced and must keep as they are for the active company
 * (an emitted invoice's e-invoice), never uploads. They go through the kernel's storage (a folder
 * or an S3 bucket, in backups like every stored object) under `<company>/plugin-<owner>/<name>`:
 * three segments, which the public attachment URLs (four segments) never serve; no route lists,
 * replaces or deletes them. `owner` is the plugin's id; `name` one storage key segment (`A-Z a-z
 * 0-9 . _ -`, not starting with a dot, 200 characters at most), else an error (a programming
 * error, never user input). Writing a name again replaces its bytes whole (readers see the old or
 * the new): name files by their content (a SHA-256) when they must never change. `remove` is for
 * the owner's own clean-up (a copy that lost a race), never offered to users.
 */
export interface KernelStoredFiles {
  put(owner: string, name: string, data: Buffer): Promise<void>;
  /** null when absent */
  get(owner: string, name: string): Promise<Buffer | null>;
  /** the names stored by `owner` for the active company starting with `prefix`, in no particular order */
  list(owner: string, prefix?: string): Promise<string[]>;
  /** nothing happens when absent */
  remove(owner: string, name: string): Promise<void>;
}

/**
 * `kernel.background`: the work of subscriptions declared `background: true` (`Subscription` in
 * plugin.ts) runs after the answer, one at a time per process. `settled(id)` resolves once the
 * work queued in this process for the events about record `id` (their payload's `_id`) has run —
 * at once when there is none: a reader waits for it rather than answering « not done yet ».
 */
export interface KernelBackground {
  settled(id: string): Promise<void>;
}

/** The platform's exported services, for `ctx.use(…)`. */
export const kernelServices = {
  numbering: defineServiceRef<KernelNumbering>('kernel.numbering'),
  companies: defineServiceRef<KernelCompanies>('kernel.companies'),
  mailer: defineServiceRef<KernelMailer>('kernel.mailer'),
  establishments: defineServiceRef<KernelEstablishments>('kernel.establishments'),
  groups: defineServiceRef<KernelGroups>('kernel.groups'),
  notifier: defineServiceRef<KernelNotifier>('kernel.notifier'),
  storedFiles: defineServiceRef<KernelStoredFiles>('kernel.storedFiles'),
  background: defineServiceRef<KernelBackground>('kernel.background'),
} as const;
