/** The company as GET/PUT /api/kernel/companies/:id answer it. */
import type { Company } from '@comptoir/schemas';

export type CompanyRecord = Company & {
  /** preview of the next number of each kind, as the server formats it */
  nextNumbers?: Record<string, string>;
};

export const COMPANIES_PATH = '/kernel/companies';
