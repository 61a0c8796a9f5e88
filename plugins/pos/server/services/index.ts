/** The services of « Caisse » by name: what the routes resolve (and, through the contract, other plugins). */
import type { CallContext } from '@comptoir/sdk';
import { registersService } from './registers/registers.ts';
import { sessionsService } from './registers/sessions.ts';
import { changeService } from './cash/change-service.ts';
import { archiveNumbersService } from './closings/archive-numbers.ts';
import { printingService } from './printing/printing.ts';
import { verifyEventLog } from './events/integrity.ts';

export const SERVICES = {
  cashRegisters: registersService,
  sessions: sessionsService,
  change: changeService,
  archiveNumbers: archiveNumbersService,
  printing: printingService,
  integrity: (ctx: CallContext) => ({ verify: () => verifyEventLog(ctx) }),
};
