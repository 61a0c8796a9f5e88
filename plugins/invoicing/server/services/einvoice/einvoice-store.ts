/**
 * The frozen e-invoice of an emitted invoice, produced once and kept: its files in the kernel's
 * stored files (`kernel.storedFiles`, owner `invoicing`), their SHA-256 in `invoicing_einvoices`.
 *
 * Produced after the emission's commit and answer (emission holds the numbering lock; rendering
 * does not, nor does the request wait for it): by the background subscription to
 * `invoicing.invoice.emitted`, which readers in this process wait for, else — a render that failed, an invoice
 * emitted before e-invoices were frozen — on first use (download, sending, `POST …/einvoice`).
 * **Insert if absent**: the files are named by their SHA-256 and written first (the same bytes
 * written twice are one file), then the row, unique per invoice; a producer that loses the race
 * (a duplicate key) serves the winner's row and removes its own files if they differ. So two first
 * downloads at once store one e-invoice, and every later download serves its bytes, checked against
 * their SHA-256 (a changed or missing file is a French 409, and broken for « Intégrité »).
 */
import { createHash } from 'node:crypto';
import { conflict, kernelServices, type CallContext } from '@comptoir/sdk';
import { isDraftInvoice, type EInvoice } from '../../../schemas/index.ts';
import { EInvoices, PLUGIN_ID } from '../../entities.ts';
import { einvoiceFileAltered, einvoiceFileMissing } from '../../messages.ts';
import { loadInvoiceRecords } from '../invoice-records.ts';
import { DRAFT_NO_FACTURX } from '../facturx/load.ts';
import { renderEInvoice, type RenderedEInvoice } from './einvoice-render.ts';

export type EInvoiceFile = 'pdf' | 'xml';

export const sha256 = (bytes: Buffer): string => createHash('sha256').update(bytes).digest('hex');

/** The stored name of a file: the invoice, then the SHA-256 of the bytes (a name is never rewritten with other bytes). */
export const storedName = (invoiceId: string, sha: string, file: EInvoiceFile): string => `einvoice-${invoiceId}-${sha}.${file}`;

/** A unique-key violation, on either engine. */
export function isDuplicateKey(e: unknown): boolean {
  const err = e as { code?: string; errno?: number } | null;
  return err?.code === 'ER_DUP_ENTRY' || err?.errno === 1062 || err?.code === 'SQLITE_CONSTRAINT_UNIQUE';
}

const files = (ctx: CallContext) => ctx.use(kernelServices.storedFiles);

/**
 * The e-invoice already produced for the invoice, or null (« à produire »). Its production queued
 * in this process after the emission (einvoice-subscription.ts) is waited for first: a reader never
 * answers « à produire » while it is about to be produced here.
 */
export async function storedEInvoice(ctx: CallContext, invoiceId: string): Promise<EInvoice | null> {
  await ctx.use(kernelServices.background).settled(invoiceId);
  return await ctx.repo(EInvoices).findOne({ 'fk.invoice': invoiceId }) as EInvoice | null;
}

/** Stores the files of a render and answers the row to write. */
async function store(ctx: CallContext, invoiceId: string, rendered: RenderedEInvoice): Promise<Record<string, unknown>> {
  const pdfSha256 = sha256(rendered.pdf);
  const pdfFile = storedName(invoiceId, pdfSha256, 'pdf');
  await files(ctx).put(PLUGIN_ID, pdfFile, rendered.pdf);
  const row: Record<string, unknown> = { facturX: rendered.xml !== null, missing: rendered.missing, pdfFile, pdfSha256, pdfSize: rendered.pdf.length };
  if (rendered.xml) {
    const xmlSha256 = sha256(rendered.xml);
    const xmlFile = storedName(invoiceId, xmlSha256, 'xml');
    await files(ctx).put(PLUGIN_ID, xmlFile, rendered.xml);
    Object.assign(row, { xmlFile, xmlSha256, xmlSize: rendered.xml.length });
  }
  return row;
}

/** The e-invoice of an emitted invoice: the stored one, else produced now (once, see above); 409 for a draft, 404 for no invoice. */
export async function produceEInvoice(ctx: CallContext, invoiceId: string): Promise<EInvoice> {
  const existing = await storedEInvoice(ctx, invoiceId);
  if (existing) return existing;
  const records = await loadInvoiceRecords(ctx, invoiceId);
  const { invoice } = records;
  if (isDraftInvoice(invoice)) throw conflict(DRAFT_NO_FACTURX);
  const row = await store(ctx, invoiceId, await renderEInvoice(ctx, records));
  try {
    return await ctx.repo(EInvoices).create({
      ...row, number: invoice.number, numberFull: invoice.numberFull, invoiceHash: invoice.hash,
      renderedAt: ctx.now.toISOString(), fk: { invoice: invoiceId },
    }) as EInvoice;
  } catch (e) {
    if (!isDuplicateKey(e)) throw e;
    const winner = await storedEInvoice(ctx, invoiceId);
    if (!winner) throw e;
    // another producer stored it first: its files are the e-invoice; ours go unless they are the same bytes
    for (const name of [row.pdfFile, row.xmlFile] as (string | undefined)[]) {
      if (name && name !== winner.pdfFile && name !== winner.xmlFile) await files(ctx).remove(PLUGIN_ID, name);
    }
    return winner;
  }
}

type FileCheck = { bytes: Buffer; problem: null } | { bytes: null; problem: 'file-missing' | 'file-altered' };

/** One file of a stored e-invoice read back and checked against its SHA-256. */
async function readChecked(ctx: CallContext, einvoice: EInvoice, file: EInvoiceFile): Promise<FileCheck> {
  const [name, expected] = file === 'pdf' ? [einvoice.pdfFile, einvoice.pdfSha256] : [einvoice.xmlFile, einvoice.xmlSha256];
  const bytes = name ? await files(ctx).get(PLUGIN_ID, name) : null;
  if (!bytes) return { bytes: null, problem: 'file-missing' };
  return sha256(bytes) === expected ? { bytes, problem: null } : { bytes: null, problem: 'file-altered' };
}

/** The bytes of one file of a stored e-invoice, checked against their SHA-256: 409 when changed or gone. */
export async function frozenBytes(ctx: CallContext, einvoice: EInvoice, file: EInvoiceFile): Promise<Buffer> {
  const checked = await readChecked(ctx, einvoice, file);
  if (checked.bytes) return checked.bytes;
  throw conflict(checked.problem === 'file-missing' ? einvoiceFileMissing(einvoice.numberFull, file) : einvoiceFileAltered(einvoice.numberFull, file));
}

/** What is wrong with a stored file, for the verifier: null when it matches its SHA-256 (or is not part of the e-invoice). */
export async function fileProblem(ctx: CallContext, einvoice: EInvoice, file: EInvoiceFile): Promise<'file-missing' | 'file-altered' | null> {
  if (file === 'xml' && !einvoice.facturX) return null;
  return (await readChecked(ctx, einvoice, file)).problem;
}
