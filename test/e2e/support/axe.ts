/**
 * axe-core in the browser tests (@axe-core/playwright): every rule axe has (WCAG 2.1 A and AA, and
 * its best practices), of which the critical and serious violations fail a test. One screen gives a
 * list of readable lines — rule, impact, what axe says, the elements — so that a failure says what to
 * fix without opening a report.
 */
import { AxeBuilder } from '@axe-core/playwright';
import type { Page } from 'playwright-core';

/** The impacts that fail: issue 12 asks for 0 critical and 0 serious violations. */
export const FAILING_IMPACTS = ['critical', 'serious'] as const;

export interface AxeFinding {
  rule: string;
  impact: string;
  help: string;
  targets: string[];
  /** axe's explanation of the first element (the measured contrast ratio, the missing name…) */
  summary: string;
}

/** The critical and serious violations of the page as it is now. */
export async function axeViolations(page: Page): Promise<AxeFinding[]> {
  // only the violations are computed in full, and in the page itself (legacy mode): the default
  // opens a blank page per run to merge the frames' results, which our screens (no iframe) do not need
  const result = await new AxeBuilder({ page }).options({ resultTypes: ['violations'] }).setLegacyMode(true).analyze();
  return result.violations
    .filter((v) => (FAILING_IMPACTS as readonly string[]).includes(v.impact ?? ''))
    .map((v) => ({
      rule: v.id,
      impact: v.impact ?? '',
      help: v.help,
      targets: v.nodes.map((n) => n.target.join(' ')),
      summary: [...new Set(v.nodes.map((n) => (n.any[0] ?? n.all[0] ?? n.none[0])?.message ?? n.failureSummary ?? ''))].join(' / ').slice(0, 600),
    }));
}

/** `screen: rule (impact, n elements): help — first elements — axe's summary`, one line per rule. */
export function describeFindings(screen: string, findings: readonly AxeFinding[]): string[] {
  return findings.map((f) => `${screen}: ${f.rule} (${f.impact}, ${f.targets.length}) ${f.help} — ${f.targets.slice(0, 4).join(' | ')} — ${f.summary}`);
}
