/** The services of « Téléphonie » by name (routes resolve them). */
import { callsService } from './calls/calls.ts';
import { configService } from './config/config.ts';

export const SERVICES = { calls: callsService, config: configService };
