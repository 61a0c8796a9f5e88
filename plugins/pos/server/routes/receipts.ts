/**
 * Receipts (README « Receipts »): read, created and emitted in one request, refunded, made an
 * invoice, printed and sent. Thin: parse, call a service, answer.
 */
import { crudRoutes, serviceRoutes, type RouteDefinition } from '@comptoir/sdk';
import { ReceiptInput, ReceiptInvoiceInput, ReceiptSendInput, RefundInput } from '../../schemas/index.ts';
import { Receipts } from '../entities.ts';
import { OPERATE, READ } from '../permissions.ts';
import type { ReceiptsService } from '../services/receipts/receipts.ts';
import type { ReceiptPrintingService } from '../services/printing/receipt-printing.ts';
import { EmptyBody } from './cash-registers.ts';

export const receiptRoutes: RouteDefinition[] = [
  ...crudRoutes(Receipts, { read: READ, write: OPERATE, only: ['list', 'get'] }),
  ...serviceRoutes<ReceiptsService>('receipts', (call) => [
    call('create', { method: 'POST', path: '/receipts', permission: OPERATE, body: ReceiptInput, status: 201, summary: 'Encaisser un ticket (créé et émis)' }),
    call('refund', { method: 'POST', path: '/receipts/:id/refund', permission: OPERATE, body: RefundInput, status: 201, summary: 'Rembourser un ticket (en tout ou en partie)' }),
    call('invoice', { method: 'POST', path: '/receipts/:id/invoice', permission: OPERATE, body: ReceiptInvoiceInput, status: 201, summary: 'Transformer un ticket en facture' }),
  ]),
  ...serviceRoutes<ReceiptPrintingService>('receiptPrinting', (call) => [
    call('print', { method: 'POST', path: '/receipts/:id/print', permission: OPERATE, body: EmptyBody, summary: 'Imprimer un ticket (duplicata après le premier)' }),
    call('send', { method: 'POST', path: '/receipts/:id/send', permission: OPERATE, body: ReceiptSendInput, summary: 'Envoyer un ticket par e-mail (PDF)' }),
  ]),
];
