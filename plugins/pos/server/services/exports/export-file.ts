/**
 * The signed export file of a period (README « Signed export »), as plain functions: built from
 * the period's documents, verified from its bytes alone and the company's public key.
 *
 * A zip (fflate) holding one JSON file per chain (receipts, X tickets, Z tickets, the archives of
 * each frequency, the event log), `manifest.json` (the company, the period, the software, and per
 * file its SHA-256, its records, the numbers it spans and the hash the chain starts from),
 * `manifest.sig` (Ed25519 over `manifest.json`: checkable with openssl alone), `public-key.pem`
 * and `LISEZMOI.txt`. The whole file is signed too: the zip's end record carries, as its comment,
 * an Ed25519 signature over every byte before it, so that any byte changed anywhere — a date in a
 * header included — fails verification.
 */
import { createHash, createPublicKey, sign, verify } from 'node:crypto';
import { strFromU8, strToU8, unzipSync, zipSync, type Zippable } from 'fflate';
import { chainHash } from '@comptoir/sdk';

export const EXPORT_FORMAT = 'comptoir-pos-export/1';
export const SIGNATURE_ALGORITHM = 'Ed25519';
/** what the zip's comment starts with; then the signature in lower-case hex (128 characters for Ed25519's 64 bytes: one spelling only, unlike base64's) */
const COMMENT_PREFIX = 'COMPTOIR-ED25519:';
const COMMENT_LENGTH = COMMENT_PREFIX.length + 128;
const EOCD_SIGNATURE = 0x06054b50;
const EOCD_LENGTH = 22;

type Row = Record<string, unknown> & { number?: number; hash?: string };

/** One chain of the export: its records (sorted by number) and how a record's hash is computed. */
export interface ExportChain {
  file: string;
  chain: string;
  records: Row[];
  /** the hash of the link just before the first record (null: the chain starts here) */
  previousHash: string | null;
  view(row: Row): object;
}

export interface ManifestFile {
  name: string;
  sha256: string;
  bytes: number;
  chain: string;
  records: number;
  firstNumber: number | null;
  lastNumber: number | null;
  previousHash: string | null;
  lastHash: string | null;
}

export interface ExportManifest {
  format: typeof EXPORT_FORMAT;
  company: Record<string, unknown>;
  archive: Record<string, unknown>;
  period: { startDate: string; endDate: string };
  software: string;
  generatedAt: string;
  signature: { algorithm: typeof SIGNATURE_ALGORITHM; publicKeyFingerprint: string };
  files: ManifestFile[];
}

const sha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');

/** SHA-256 of the key's DER (SubjectPublicKeyInfo): what the manifest and the screens show. */
export function keyFingerprint(publicKeyPem: string): string {
  return createHash('sha256').update(createPublicKey(publicKeyPem).export({ type: 'spki', format: 'der' })).digest('hex');
}

const README = (m: ExportManifest) => [
  'Export signé des données de caisse (Comptoir)',
  '',
  `Entreprise : ${String(m.company.name ?? '')}${m.company.siret ? ` — SIRET ${String(m.company.siret)}` : ''}`,
  `Période : du ${m.period.startDate} au ${m.period.endDate} (fin exclue), archive ${String(m.archive.numberFull ?? '')} (${String(m.archive.frequency ?? '')})`,
  `Logiciel : ${m.software}`,
  '',
  'Contenu :',
  '- receipts.json : les tickets de caisse (ventes et remboursements) avec leurs paiements ;',
  '- x-tickets.json, z-tickets.json : les tickets X et Z (clôtures) ;',
  '- archives-<fréquence>.json : les archives quotidiennes, mensuelles, annuelles, d’exercice ;',
  '- events.json : le journal des événements techniques ;',
  '- manifest.json : l’empreinte SHA-256 de chaque fichier, les numéros couverts, le hash de départ de chaque chaîne ;',
  '- manifest.sig : la signature Ed25519 (base64) de manifest.json ;',
  '- public-key.pem : la clé publique de l’entreprise.',
  '',
  'Chaque document porte son hash : SHA-256 du hash précédent de sa chaîne suivi du JSON canonique',
  '(RFC 8785) des champs listés dans la documentation de Comptoir.',
  '',
  'Vérifier sans Comptoir (OpenSSL 3) :',
  '  base64 -d manifest.sig > manifest.sig.bin',
  '  openssl pkeyutl -verify -pubin -inkey public-key.pem -rawin -in manifest.json -sigfile manifest.sig.bin',
  '  sha256sum receipts.json (à comparer avec manifest.json)',
  '',
  'Le fichier zip entier est aussi signé : son commentaire final porte la signature Ed25519 de tous',
  'les octets qui le précèdent (POST /api/pos/exports/verify le vérifie).',
  `Empreinte de la clé publique (SHA-256 du DER) : ${m.signature.publicKeyFingerprint}`,
  '',
].join('\n');

/** The bytes of the export: the zip, its end record's comment being the whole-file signature. */
export function buildExportFile(
  input: Omit<ExportManifest, 'format' | 'files' | 'signature'> & { chains: ExportChain[]; publicKeyPem: string; privateKeyPem: string },
): { bytes: Uint8Array; manifest: ExportManifest } {
  const files: Zippable = {};
  const entries: ManifestFile[] = [];
  for (const c of input.chains) {
    const data = strToU8(JSON.stringify(c.records, null, 1));
    files[c.file] = data;
    const first = c.records[0], last = c.records.at(-1);
    entries.push({
      name: c.file, sha256: sha256(data), bytes: data.length, chain: c.chain, records: c.records.length,
      firstNumber: first?.number ?? null, lastNumber: last?.number ?? null, previousHash: c.previousHash, lastHash: last?.hash ?? null,
    });
  }
  const manifest: ExportManifest = {
    format: EXPORT_FORMAT, company: input.company, archive: input.archive, period: input.period, software: input.software, generatedAt: input.generatedAt,
    signature: { algorithm: SIGNATURE_ALGORITHM, publicKeyFingerprint: keyFingerprint(input.publicKeyPem) }, files: entries,
  };
  const manifestBytes = strToU8(JSON.stringify(manifest, null, 2));
  files['manifest.json'] = manifestBytes;
  files['manifest.sig'] = strToU8(sign(null, manifestBytes, input.privateKeyPem).toString('base64'));
  files['public-key.pem'] = strToU8(input.publicKeyPem);
  files['LISEZMOI.txt'] = strToU8(README(manifest));
  // the same inputs always give the same bytes: one date for every entry
  const zip = zipSync(files, { level: 6, mtime: new Date(input.generatedAt) });
  return { bytes: signWhole(zip, input.privateKeyPem), manifest };
}

/** The zip with its end record's comment set to the signature of everything before that comment. */
function signWhole(zip: Uint8Array, privateKeyPem: string): Uint8Array {
  const view = new DataView(zip.buffer, zip.byteOffset, zip.byteLength);
  const eocd = zip.length - EOCD_LENGTH;
  if (view.getUint32(eocd, true) !== EOCD_SIGNATURE || view.getUint16(eocd + 20, true) !== 0) throw new Error('zip end record not found');
  const signed = Uint8Array.from(zip);
  new DataView(signed.buffer).setUint16(eocd + 20, COMMENT_LENGTH, true);
  const signature = sign(null, signed, privateKeyPem).toString('hex');
  const out = new Uint8Array(signed.length + COMMENT_LENGTH);
  out.set(signed);
  out.set(strToU8(COMMENT_PREFIX + signature), signed.length);
  return out;
}

export interface ExportReport {
  valid: boolean;
  /** the whole file's signature (any byte changed) */
  fileSignature: boolean;
  /** manifest.sig over manifest.json */
  manifestSignature: boolean;
  /** the key the file names is the company's (the one given to verify with) */
  keyMatches: boolean;
  fingerprint: string;
  manifest: ExportManifest | null;
  files: { name: string; valid: boolean; records: number }[];
  /** French sentences, first problem first */
  problems: string[];
}

/** Verifies an export with the public key trusted for the company (never only the key inside the file). */
export function verifyExportFile(bytes: Uint8Array, trustedPublicKeyPem: string, views: Record<string, (row: Row) => object>): ExportReport {
  const report: ExportReport = {
    valid: false, fileSignature: false, manifestSignature: false, keyMatches: false, fingerprint: keyFingerprint(trustedPublicKeyPem), manifest: null, files: [], problems: [],
  };
  const problem = (p: string) => { report.problems.push(p); return report; };
  // 1. the whole file
  const comment = bytes.length > COMMENT_LENGTH + EOCD_LENGTH ? strFromU8(bytes.subarray(bytes.length - COMMENT_LENGTH), true) : '';
  const signed = bytes.subarray(0, bytes.length - COMMENT_LENGTH);
  const eocd = signed.length - EOCD_LENGTH;
  const view = new DataView(signed.buffer, signed.byteOffset, signed.byteLength);
  if (!comment.startsWith(COMMENT_PREFIX) || eocd < 0 || view.getUint32(eocd, true) !== EOCD_SIGNATURE || view.getUint16(eocd + 20, true) !== COMMENT_LENGTH) {
    return problem('Ce fichier n’est pas un export signé de Comptoir (signature finale absente ou illisible).');
  }
  const hex = comment.slice(COMMENT_PREFIX.length);
  try {
    report.fileSignature = /^[0-9a-f]{128}$/.test(hex) && verify(null, signed, trustedPublicKeyPem, Buffer.from(hex, 'hex'));
  } catch { report.fileSignature = false; }
  if (!report.fileSignature) problem('La signature du fichier ne correspond pas : il a été modifié depuis l’export, ou signé par une autre clé que celle de l’entreprise.');
  // 2. its contents, for a precise account of what differs
  let files: Record<string, Uint8Array>;
  try { files = unzipSync(bytes); } catch (e) { return problem(`L’archive zip est illisible (${(e as Error).message}).`); }
  const manifestBytes = files['manifest.json'];
  if (!manifestBytes) return problem('manifest.json est absent.');
  let manifest: ExportManifest;
  try { manifest = JSON.parse(strFromU8(manifestBytes)) as ExportManifest; } catch { return problem('manifest.json n’est pas du JSON lisible.'); }
  report.manifest = manifest;
  try {
    const sig = strFromU8(files['manifest.sig'] ?? new Uint8Array());
    // base64 decoding forgives stray characters: only the one spelling of the signature counts
    const decoded = Buffer.from(sig, 'base64');
    report.manifestSignature = decoded.toString('base64') === sig && verify(null, manifestBytes, trustedPublicKeyPem, decoded);
  } catch { report.manifestSignature = false; }
  if (!report.manifestSignature) problem('La signature de manifest.json ne correspond pas.');
  try {
    report.keyMatches = !!files['public-key.pem'] && keyFingerprint(strFromU8(files['public-key.pem'])) === report.fingerprint && manifest.signature?.publicKeyFingerprint === report.fingerprint;
  } catch { report.keyMatches = false; }
  if (!report.keyMatches) problem('La clé publique jointe n’est pas celle de l’entreprise.');
  for (const f of manifest.files ?? []) {
    const data = files[f.name];
    const out = { name: f.name, valid: false, records: f.records };
    report.files.push(out);
    if (!data) { problem(`${f.name} est absent.`); continue; }
    if (sha256(data) !== f.sha256) { problem(`${f.name} : son empreinte SHA-256 ne correspond pas au manifeste.`); continue; }
    const viewOf = views[f.chain];
    if (!viewOf) { problem(`${f.name} : chaîne inconnue « ${f.chain} ».`); continue; }
    let rows: Row[];
    try { rows = JSON.parse(strFromU8(data)) as Row[]; } catch { problem(`${f.name} n’est pas du JSON lisible.`); continue; }
    const broken = brokenLink(rows, f, viewOf);
    if (broken) { problem(`${f.name} : ${broken}`); continue; }
    out.valid = true;
  }
  const listed = new Set([...(manifest.files ?? []).map((f) => f.name), 'manifest.json', 'manifest.sig', 'public-key.pem', 'LISEZMOI.txt']);
  for (const name of Object.keys(files)) if (!listed.has(name)) problem(`${name} n’est pas dans le manifeste.`);
  report.valid = report.problems.length === 0;
  return report;
}

/** The first broken link of a chain file, in French, or null. */
function brokenLink(rows: Row[], f: ManifestFile, view: (row: Row) => object): string | null {
  if (rows.length !== f.records) return `${rows.length} enregistrements au lieu de ${f.records}.`;
  let previous = f.previousHash;
  let expected = f.firstNumber;
  for (const row of rows) {
    if (row.number !== expected) return `numéro ${String(row.number)} trouvé là où le ${String(expected)} était attendu (enregistrement manquant ou ajouté).`;
    const hash = chainHash(previous, view(row));
    if (hash !== row.hash) return `le n° ${String(row.number)} ne correspond pas à son hash (modifié, ou la chaîne est rompue avant lui).`;
    previous = hash;
    expected = (expected ?? 0) + 1;
  }
  if (rows.length && previous !== f.lastHash) return 'le dernier hash ne correspond pas au manifeste.';
  return null;
}
