/**
 * Validates CII XML with the real `xmllint` (Debian libxml2-utils) against the Factur-X 1.09
 * EN16931 XSD of the shared test data (beside the checkout, or where COMPTOIR_TESTDATA_DIR says).
 * Several documents are checked in one xmllint run: it prints « <file> validates » for each.
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Context } from 'mocha';

export const FACTURX_DIR = path.join(
  process.env.COMPTOIR_TESTDATA_DIR ?? path.resolve(import.meta.dirname, '../../../../../shared/testdata'), 'facturx',
);
export const EN16931_XSD = path.join(FACTURX_DIR, 'xsd/en16931/Factur-X_EN16931.xsd');

/**
 * Call in a `before` hook: without the XSD or xmllint the e-invoices cannot be proven valid, so
 * CI fails; elsewhere the tests are skipped, saying what was missing.
 */
export function requireXmllint(ctx: Context): void {
  const problems: string[] = [];
  if (!fs.existsSync(EN16931_XSD)) problems.push(`XSD Factur-X introuvable : ${EN16931_XSD} (COMPTOIR_TESTDATA_DIR ?)`);
  if (spawnSync('xmllint', ['--version']).error) problems.push('xmllint introuvable (paquet Debian libxml2-utils)');
  if (problems.length === 0) return;
  if (process.env.CI) throw new Error(problems.join(' ; '));
  console.log(`      ${problems.join(' ; ')}`);
  ctx.skip();
}

export interface XsdResult {
  /** name -> true when xmllint printed « validates » for it */
  valid: Record<string, boolean>;
  /** xmllint's own words, for the failure message */
  output: string;
}

/** Validates each named XML against the EN16931 XSD in one xmllint run. */
export function validateEn16931(documents: Record<string, string>): XsdResult {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'cii-'));
  try {
    const files = Object.entries(documents).map(([name, xml], i) => {
      const file = path.join(dir, `${i}-${name.replace(/[^\w.-]/g, '_')}.xml`);
      fs.writeFileSync(file, xml, 'utf8');
      return { name, file };
    });
    // verdicts (« validates », « fails to validate ») and errors are written to stderr
    const run = spawnSync('xmllint', ['--noout', '--schema', EN16931_XSD, ...files.map((f) => f.file)], { encoding: 'utf8' });
    if (run.error) throw run.error;
    const output = `${run.stdout}${run.stderr}`;
    const valid = Object.fromEntries(files.map((f) => [f.name, output.includes(`${f.file} validates`)]));
    return { valid, output };
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}
