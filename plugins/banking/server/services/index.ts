/** The services of « Banque » by name: what the routes resolve. */
import { accountsService } from './accounts/accounts.ts';
import { categoriesService, groupsService } from './categories/categories.ts';
import { contractsService } from './contracts/contracts.ts';
import { importService } from './imports/import-service.ts';
import { monthsService } from './months/months.ts';
import { operationsService } from './operations/operations.ts';
import { splitService } from './operations/split.ts';
import { rulesService } from './rules/rules.ts';
import { suggestionsService } from './matching/suggestions.ts';

export const SERVICES = {
  accounts: accountsService,
  operations: operationsService,
  split: splitService,
  categories: categoriesService,
  groups: groupsService,
  contracts: contractsService,
  rules: rulesService,
  imports: importService,
  months: monthsService,
  suggestions: suggestionsService,
};
