/**
 * Cash registers (README « Routes »): the resource routes of API.md, then the actions of a session
 * (open, cash in/out, close) and the lists of its verifications and movements. Thin: parse, call a
 * service, answer.
 */
import { Type } from '@sinclair/typebox';
import { crudRoutes, serviceRoutes, type RouteDefinition } from '@comptoir/sdk';
import { CashRegisterInput, MovementInput, VerificationInput } from '../../schemas/index.ts';
import { CashMovements, CashRegisters, Verifications } from '../entities.ts';
import { MANAGE, OPERATE, READ } from '../permissions.ts';
import type { RegistersService } from '../services/registers/registers.ts';
import type { SessionsService } from '../services/registers/sessions.ts';

export const cashRegisterRoutes: RouteDefinition[] = [
  ...crudRoutes(CashRegisters, { read: READ, write: MANAGE, only: ['list', 'get'] }),
  ...serviceRoutes<RegistersService>('cashRegisters', (call) => [
    call('create', { method: 'POST', path: '/cash-registers', permission: MANAGE, body: CashRegisterInput, status: 201, summary: 'Créer une caisse (numérotée)' }),
    call('update', { method: 'PUT', path: '/cash-registers/:id', permission: MANAGE, body: CashRegisterInput, summary: 'Modifier une caisse' }),
    call('remove', { method: 'DELETE', path: '/cash-registers/:id', permission: MANAGE, summary: 'Supprimer une caisse jamais ouverte' }),
  ]),
  ...serviceRoutes<SessionsService>('sessions', (call) => [
    call('open', { method: 'POST', path: '/cash-registers/:id/open', permission: OPERATE, body: VerificationInput, summary: 'Ouvrir la caisse (comptage d’ouverture)' }),
    call('move', { method: 'POST', path: '/cash-registers/:id/movements', permission: OPERATE, body: MovementInput, status: 201, summary: 'Entrée ou sortie d’espèces' }),
    call('close', { method: 'POST', path: '/cash-registers/:id/close', permission: OPERATE, body: VerificationInput, summary: 'Clôturer la caisse (comptage de clôture)' }),
  ]),
  ...crudRoutes(Verifications, { read: READ, write: MANAGE, only: ['list', 'get'] }),
  ...crudRoutes(CashMovements, { read: READ, write: MANAGE, only: ['list', 'get'] }),
];

export const EmptyBody = Type.Object({}, { additionalProperties: false });
