/** The route table of the « Achats » plugin, mounted under `/api/purchases` (http README « Resources » names both collections). */
import type { RouteDefinition } from '@comptoir/sdk';
import { purchaseRoutes } from './purchases.ts';
import { externalPurchaseRoutes } from './external-purchases.ts';
import { paymentRoutes } from './payments.ts';

export const routes: RouteDefinition[] = [...purchaseRoutes, ...externalPurchaseRoutes, ...paymentRoutes];
