/**
 * PUT /api/kernel/companies/:id with some fields of the company: the answer replaces the cached
 * company, and the lists that show its name (company switcher, session) are refreshed.
 */
import { useQueryClient } from '@tanstack/react-query';
import { entityKey, useComptoir } from '@comptoir/sdk/react';
import { COMPANIES_PATH, type CompanyRecord } from './companyTypes.ts';

export function useSaveCompany(companyId: string): (body: Record<string, unknown>) => Promise<CompanyRecord> {
  const { api, company } = useComptoir();
  const queries = useQueryClient();
  return async (body) => {
    const saved = await api.put<CompanyRecord>(`${COMPANIES_PATH}/${encodeURIComponent(companyId)}`, body);
    queries.setQueryData(entityKey(COMPANIES_PATH, companyId, company?._id), saved);
    void queries.invalidateQueries({ queryKey: ['kernel', 'companies', 'mine'] });
    void queries.invalidateQueries({ queryKey: ['kernel', 'auth', 'me'] });
    return saved;
  };
}
