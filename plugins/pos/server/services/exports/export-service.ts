/**
 * The signed export of an archive's period for a tax audit (README « Signed export »): every
 * receipt, X and Z ticket, archive and event of the period with their hashes, in a zip signed with
 * the company's Ed25519 key (export-file.ts), `export.made` logged; and its verification, with the
 * company's public key, `verification.failed` logged when it fails.
 */
import { badRequest, conflict, periodFilter, readAllPages, type CallContext, type FilterSpec, type ListResult } from '@comptoir/sdk';
import { ARCHIVE_FREQUENCIES, type Archive } from '../../../schemas/index.ts';
import { Archives, Events, Receipts, XTickets, ZTickets } from '../../entities.ts';
import { EXPORT_FILE_MISSING, NO_SIGNING_KEY } from '../../messages.ts';
import { companies, numbering } from '../deps.ts';
import { EVENT_CHAIN, EVENT_COUNTER, eventHashView, recordEvent } from '../events/event-log.ts';
import { RECEIPT_CHAIN, receiptHashView } from '../receipts/hash.ts';
import { X_CHAIN, Z_CHAIN, archiveChain, archiveHashView, ticketHashView } from '../closings/hash.ts';
import { SOFTWARE } from '../closings/software.ts';
import { buildExportFile, keyFingerprint, verifyExportFile, type ExportChain, type ExportReport } from './export-file.ts';
import { companyPublicKey, companySigningKey } from './signing-key.ts';

type Row = Record<string, unknown> & { number?: number; hash?: string };
type View = (row: Row) => object;
interface ChainRepo { list(params: object): Promise<ListResult<unknown>>; findOne(where: Record<string, unknown>): Promise<unknown> }

/** How each chain's hash is recomputed (the verifiers' own views). */
export const EXPORT_VIEWS: Record<string, View> = {
  [RECEIPT_CHAIN]: receiptHashView as View, [X_CHAIN]: ticketHashView as View, [Z_CHAIN]: ticketHashView as View, [EVENT_CHAIN]: eventHashView as View,
  ...Object.fromEntries(ARCHIVE_FREQUENCIES.map((f) => [archiveChain(f), archiveHashView as View])),
};

/**
 * The records of one chain dated in the period, as an unbroken run of numbers: from the first to
 * the last number dated inside (a record numbered among them but dated a moment outside — two
 * sales at the boundary — comes with them, so the run checks on its own), and the hash before it.
 */
async function chainSlice(repo: ChainRepo, file: string, chain: string, inPeriod: Record<string, FilterSpec>, where: Record<string, string> = {}): Promise<ExportChain> {
  const eq = Object.fromEntries(Object.entries(where).map(([k, v]) => [k, { mode: 'eq', value: v } as FilterSpec]));
  const end = async (ascending: boolean) => ((await repo.list({ filters: { ...eq, ...inPeriod }, sort: { field: 'number', ascending }, pagination: { quantity: 1 }, fields: ['number'] })).data[0] as Row | undefined)?.number;
  const first = await end(true), last = await end(false);
  const view = EXPORT_VIEWS[chain]!;
  if (first === undefined || last === undefined) return { file, chain, records: [], previousHash: null, view };
  const records = await readAllPages(repo as never, { ...eq, number: { mode: 'between', value: [first, last] } }, 'number') as Row[];
  const previous = first > 1 ? await repo.findOne({ ...where, number: first - 1 }) as Row | null : null;
  return { file, chain, records, previousHash: previous?.hash ?? null, view };
}

const safeName = (s: string) => s.replace(/[^0-9A-Za-z_-]+/g, '_');

export function exportsService(ctx: CallContext) {
  return {
    /** `GET /archives/:id/export`: the zip of the archive's period, signed; `export.made` logged. */
    async archiveExport(id: string): Promise<{ bytes: Uint8Array; fileName: string }> {
      // the first lock of every action of the till: the company's counters (one key made once)
      await numbering(ctx).take(EVENT_COUNTER, 1);
      const archive = await ctx.repo(Archives).get(id) as Archive;
      const range = periodFilter({ start: archive.startDate, end: archive.endDate });
      const key = await companySigningKey(ctx);
      const company = await companies(ctx).current();
      const chains = [
        await chainSlice(ctx.repo(Receipts) as ChainRepo, 'receipts.json', RECEIPT_CHAIN, { date: range }),
        await chainSlice(ctx.repo(XTickets) as ChainRepo, 'x-tickets.json', X_CHAIN, { date: range }),
        await chainSlice(ctx.repo(ZTickets) as ChainRepo, 'z-tickets.json', Z_CHAIN, { date: range }),
        // the archives of periods inside this one (this one included)
        ...await Promise.all(ARCHIVE_FREQUENCIES.map((f) => chainSlice(ctx.repo(Archives) as ChainRepo, `archives-${f}.json`, archiveChain(f), { startDate: range, endDate: { mode: 'between', valueIsDate: true, startDate: archive.startDate, endDate: archive.endDate } }, { frequency: f }))),
        await chainSlice(ctx.repo(Events) as ChainRepo, 'events.json', EVENT_CHAIN, { date: range }),
      ];
      const { bytes, manifest } = buildExportFile({
        company: { _id: company._id, name: company.name, ...(company.siret ? { siret: company.siret } : {}), ...(company.vatNumber ? { vatNumber: company.vatNumber } : {}) },
        archive: { _id: archive._id, number: archive.number, numberFull: archive.numberFull, frequency: archive.frequency, period: archive.period, hash: archive.hash },
        period: { startDate: archive.startDate, endDate: archive.endDate },
        software: SOFTWARE, generatedAt: ctx.now.toISOString(), chains, publicKeyPem: key.publicKey, privateKeyPem: key.privateKey,
      });
      const fileName = `export-caisse-${safeName(archive.period)}-${safeName(archive.numberFull)}.zip`;
      await recordEvent(ctx, {
        code: 'export.made', label: `Export signé de la période ${archive.period} (archive ${archive.frequency} ${archive.numberFull}) : ${manifest.files.reduce((s, f) => s + f.records, 0)} enregistrements`,
        object: { _id: archive._id, type: 'pos.archives' },
        data: { fileName, bytes: bytes.length, fingerprint: manifest.signature.publicKeyFingerprint, files: manifest.files.map((f) => ({ name: f.name, records: f.records, sha256: f.sha256 })) },
      });
      return { bytes, fileName };
    },

    /** `POST /exports/verify`: the file checked with the company's public key; `verification.failed` logged when it fails. */
    async verify(file: { name: string; bytes: Uint8Array } | undefined): Promise<ExportReport> {
      if (!file) throw badRequest(EXPORT_FILE_MISSING, [{ field: 'files', message: 'requis' }]);
      await numbering(ctx).take(EVENT_COUNTER, 1);
      const publicKey = await companyPublicKey(ctx);
      if (!publicKey) throw conflict(NO_SIGNING_KEY);
      const report = verifyExportFile(file.bytes, publicKey, EXPORT_VIEWS);
      if (!report.valid) {
        await recordEvent(ctx, {
          code: 'verification.failed', label: `Vérification d’un export en échec (« ${file.name} ») : ${report.problems[0]}`.slice(0, 1000),
          data: { fileName: file.name, bytes: file.bytes.length, problems: report.problems.slice(0, 10), archive: report.manifest?.archive?.numberFull ?? null },
        });
      }
      return report;
    },

    /** `GET /signing-key`: the public key an auditor verifies exports with. */
    async signingKey(): Promise<{ algorithm: string; publicKey: string; fingerprint: string }> {
      const publicKey = await companyPublicKey(ctx);
      if (!publicKey) throw conflict(NO_SIGNING_KEY);
      return { algorithm: 'Ed25519', publicKey, fingerprint: keyFingerprint(publicKey) };
    },
  };
}
export type ExportsService = ReturnType<typeof exportsService>;
