/**
 * The route table of the « Caisse » plugin, mounted under `/api/pos`: one file per business
 * process beside this one, listed in the order they are matched.
 */
import type { RouteDefinition } from '@comptoir/sdk';
import { cashRegisterRoutes } from './cash-registers.ts';
import { printingRoutes } from './printing.ts';
import { cashRoutes } from './cash.ts';
import { receiptRoutes } from './receipts.ts';
import { closingRoutes } from './closings.ts';
import { exportRoutes } from './exports.ts';

export const routes: RouteDefinition[] = [...cashRoutes, ...cashRegisterRoutes, ...printingRoutes, ...receiptRoutes, ...closingRoutes, ...exportRoutes];
