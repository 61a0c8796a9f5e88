/** The plugin's services, by name (resolved by routes as `req.resolve('<name>')`, by others through contract.ts). */
import { purchasesService } from './purchases/purchases.ts';
import { externalPurchasesService } from './external/external-purchases.ts';
import { purchaseImportService } from './import/import-service.ts';
import { purchasePaymentsService } from './payments/payments.ts';
import { integrityService } from './integrity/integrity.ts';

export const SERVICES = {
  purchases: purchasesService,
  externalPurchases: externalPurchasesService,
  purchaseImport: purchaseImportService,
  purchasePayments: purchasePaymentsService,
  integrity: integrityService,
};
