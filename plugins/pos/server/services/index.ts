/** The services of « Caisse » by name: what the routes resolve (and, through the contract, other plugins). */
import type { CallContext } from '@comptoir/sdk';
import { registersService } from './registers/registers.ts';
import { sessionsService } from './registers/sessions.ts';
import { changeService } from './cash/change-service.ts';
import { archiveNumbersService } from './closings/archive-numbers.ts';
import { printingService } from './printing/printing.ts';
import { receiptsService } from './receipts/receipts.ts';
import { receiptPrintingService } from './printing/receipt-printing.ts';
import { verifyTill } from './receipts/integrity.ts';
import { closingTicketsService } from './closings/tickets.ts';
import { archivesService } from './closings/archive-service.ts';
import { exportsService } from './exports/export-service.ts';
import { closingPrintingService } from './printing/closing-printing.ts';

export const SERVICES = {
  cashRegisters: registersService,
  sessions: sessionsService,
  change: changeService,
  archiveNumbers: archiveNumbersService,
  printing: printingService,
  receipts: receiptsService,
  receiptPrinting: receiptPrintingService,
  closingTickets: closingTicketsService,
  archives: archivesService,
  exports: exportsService,
  closingPrinting: closingPrintingService,
  integrity: (ctx: CallContext) => ({ verify: () => verifyTill(ctx) }),
};
