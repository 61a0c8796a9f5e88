/**
 * Runs the Schematrons of the shared test data (compiled to XSLT 2.0: the CEN EN 16931 rules for
 * CII, the Factur-X 1.09 EN16931 profile rules, the French reform's BR-FR « Flux 2 ») over XML
 * with Debian's Saxon-HE (`apt-get install -y default-jre-headless libsaxonhe-java`), and answers
 * the failed asserts of its SVRL report: `{ id, flag, text }`. A valid e-invoice has no `fatal`.
 * One XML (`schematronFailures`), or many documents under one or several Schematrons in one Saxon
 * run (`runSchematrons`: each stylesheet is compiled once, about ten seconds for the CEN rules).
 */
import { execFile, spawnSync } from 'node:child_process';
import { promisify } from 'node:util';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
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

/** The failed asserts of `xml` against one Schematron (Saxon beside the event loop: see `runSchematronsAsync`). */
export async function schematronFailures(xml: string, which: SchematronName): Promise<FailedAssert[]> {
  return (await runSchematronsAsync({ invoice: xml }, [which]))[which].invoice;
}

/** The fatal failed asserts of `xml` against the three Schematrons, each prefixed by its name. */
export async function fatalSchematronFailures(xml: string): Promise<string[]> {
  const names = Object.keys(SCHEMATRONS) as SchematronName[];
  const reports = await runSchematronsAsync({ invoice: xml }, names);
  return names.flatMap((which) => reports[which].invoice.filter((f) => f.flag === 'fatal').map((f) => `${which} ${f.id} : ${f.text}`));
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

/**
 * One Java start for many validations: this stylesheet applies each Schematron named in the job
 * list to each document (`fn:transform`, Saxon-HE 9.9 and later; Saxon compiles each stylesheet
 * once per run and keeps it), each report written where the job says. Starting Java and compiling
 * the CEN rules is about 4 s of CPU per run: once for the three Schematrons instead of three times.
 * The reports are those of one `net.sf.saxon.Transform` run per Schematron over the documents
 * (compared failed assert by failed assert, id and location, on the shared samples).
 */
// (a regular expression in the stylesheet: `\\r` here is `\r` there, not a carriage return, which XML
// would turn into a space inside an attribute)
const BATCH_XSL = `<?xml version="1.0" encoding="UTF-8"?>
<xsl:stylesheet version="3.0" xmlns:xsl="http://www.w3.org/1999/XSL/Transform" xmlns:xs="http://www.w3.org/2001/XMLSchema">
  <!-- one line per job: the Schematron's URI, a tab, the document's URI, a tab, the report's URI -->
  <xsl:param name="jobs" as="xs:string" required="yes"/>
  <xsl:template name="xsl:initial-template">
    <xsl:for-each select="tokenize(unparsed-text($jobs), '\\r?\\n')[normalize-space()]">
      <xsl:variable name="job" select="tokenize(., '&#9;')"/>
      <xsl:result-document href="{$job[3]}">
        <xsl:sequence select="transform(map { 'stylesheet-location': $job[1], 'source-node': doc($job[2]) })?output"/>
      </xsl:result-document>
    </xsl:for-each>
  </xsl:template>
</xsl:stylesheet>
`;

type Reports = Record<SchematronName, Record<string, FailedAssert[]>>;

/** Writes the documents, the job list and the batch stylesheet; answers Saxon's arguments and how to read the reports. */
function prepareBatch(dir: string, documents: Record<string, string>, names: SchematronName[]) {
  const input = path.join(dir, 'in');
  const output = path.join(dir, 'out');
  fs.mkdirSync(input);
  fs.mkdirSync(output);
  const files = Object.keys(documents).map((name, i) => ({ name, file: `${i}-${name.replace(/[^\w.-]/g, '_')}.xml` }));
  for (const f of files) fs.writeFileSync(path.join(input, f.file), documents[f.name], 'utf8');
  const report = (which: SchematronName, file: string) => path.join(output, `${which}-${file}`);
  const jobs = names.flatMap((which) => files.map((f) => [pathToFileURL(SCHEMATRONS[which]).href, pathToFileURL(path.join(input, f.file)).href, pathToFileURL(report(which, f.file)).href].join('\t')));
  fs.writeFileSync(path.join(dir, 'jobs.txt'), `${jobs.join('\n')}\n`, 'utf8');
  fs.writeFileSync(path.join(dir, 'batch.xsl'), BATCH_XSL, 'utf8');
  const args = ['-cp', SAXON_JAR, 'net.sf.saxon.Transform', '-it', `-xsl:${path.join(dir, 'batch.xsl')}`, `jobs=${pathToFileURL(path.join(dir, 'jobs.txt')).href}`];
  const read = (): Reports => Object.fromEntries(names.map((which) => [which,
    Object.fromEntries(files.map((f) => [f.name, failedAsserts(fs.readFileSync(report(which, f.file), 'utf8'))]))])) as Reports;
  return { args, read };
}

/** Each named document's failed asserts under each named Schematron, in one Saxon run. */
export function runSchematrons(documents: Record<string, string>, names: SchematronName[]): Reports {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'schematron-'));
  try {
    const batch = prepareBatch(dir, documents, names);
    const saxon = spawnSync('java', batch.args, { encoding: 'utf8' });
    if (saxon.error) throw saxon.error;
    if (saxon.status !== 0) throw new Error(`Saxon (${names.join(', ')}) : ${saxon.stderr}`);
    return batch.read();
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

/** The same, Saxon running beside the event loop (a test kernel in the same process keeps serving, its idle connections stay open). */
export async function runSchematronsAsync(documents: Record<string, string>, names: SchematronName[]): Promise<Reports> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'schematron-'));
  try {
    const batch = prepareBatch(dir, documents, names);
    await run('java', batch.args, { maxBuffer: 16 << 20 });
    return batch.read();
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

/** Each named document's failed asserts under one Schematron. */
export function runSchematron(documents: Record<string, string>, which: SchematronName): Record<string, FailedAssert[]> {
  return runSchematrons(documents, [which])[which];
}

/** The fatal ones, « BR-XX: text », for a readable failure message. */
export const fatal = (asserts: FailedAssert[]): string[] => asserts.filter((a) => a.flag === 'fatal').map((a) => `${a.id}: ${a.text}`);
