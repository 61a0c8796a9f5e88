/** The company as GET/PUT /api/kernel/companies/:id answer it. */
import type { Company } from '@comptoir/schemas';

export type CompanyRecord = Company & {
  /** preview of the next number of each kind, as the server formats it */
  nextNumbers?: Record<string, string>;
  /** the counters of the installed plugins, documents first (the screen lists only these) */
  numberingKinds?: NumberingKindInfo[];
};

export interface NumberingKindInfo {
  kind: string;
  /** French label */
  label: string;
  /** a document or ticket (7 digits by default) rather than another counter */
  document: boolean;
  plugin: string;
}

export const COMPANIES_PATH = '/kernel/companies';
