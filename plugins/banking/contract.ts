/**
 * The contract of « Banque » for other plugins: types only for now (matching to invoices, the next
 * step, will export the operations service here). Importing it runs none of this plugin's code.
 */
export type { Operation, OperationAccount, OperationCategory, MonthInfo } from './schemas/index.ts';
