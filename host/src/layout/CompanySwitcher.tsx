/** The active company (AT-Company of every call); switching reloads every query. */
import { Select } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import type { ComptoirCompany } from '@comptoir/sdk/react';
import { useSession } from '../session/SessionProvider.tsx';

export function CompanySwitcher() {
  const { api, companyId, company, switchCompany } = useSession();
  const companies = useQuery({
    queryKey: ['kernel', 'companies', 'mine'],
    queryFn: () => api.list<ComptoirCompany>('/kernel/companies', { pagination: { quantity: 500, page: 1 } }),
    staleTime: 5 * 60_000,
  });
  const options = (companies.data?.data ?? []).map((c) => ({ value: c._id, label: c.name }));
  if (company && !options.some((o) => o.value === company._id)) options.unshift({ value: company._id, label: company.name });
  return (
    <Select
      aria-label="Entreprise active"
      placeholder="Choisir une entreprise"
      data={options}
      value={companyId}
      onChange={(value) => { if (value) void switchCompany(value); }}
      allowDeselect={false}
      searchable={options.length > 8}
      nothingFoundMessage="Aucune entreprise"
      w={{ base: 160, sm: 260 }}
      data-testid="company-switcher"
    />
  );
}
