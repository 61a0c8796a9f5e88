/**
 * Public routes (no account, `AT-Company` header only), throttled per address and survey
 * (README « Public page »): a visitor reads a form and sends an answer.
 */

import { serviceRoutes, type RouteDefinition } from '@comptoir/sdk';
import { PublicResultInput } from '../../schemas/index.ts';
import type { PublicService } from '../services/public/public.ts';

/** a form read: generous (a page reloaded, a few visitors behind one address) */
export const READ_THROTTLE = { limit: 120, windowSeconds: 600 };
/** answers sent from one address to one survey in ten minutes */
export const SUBMIT_THROTTLE = { limit: 20, windowSeconds: 600 };

export const publicRoutes: RouteDefinition[] = serviceRoutes<PublicService>('public', (call) => [
  call('survey', { method: 'GET', path: '/public/surveys/:id', access: 'public', throttle: READ_THROTTLE, summary: 'Le formulaire d’un questionnaire ouvert (page publique)' }),
  call('submit', {
    method: 'POST', path: '/public/surveys/:id/results', access: 'public', throttle: SUBMIT_THROTTLE, body: PublicResultInput, status: 201,
    summary: 'Répondre à un questionnaire (page publique)',
  }),
]);

