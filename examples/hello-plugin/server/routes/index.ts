/**
 * The route table of the « Bonjour » plugin, mounted under `/api/hello`: the five resource routes
 * of http README « Resources », and one business action, « Dire bonjour ». Thin: parse, call a service, answer.
 */
import { crudRoutes, serviceRoutes, type RouteDefinition } from '@comptoir/sdk';
import { People, PersonInput } from '../entities.ts';
import { READ, MANAGE } from '../permissions.ts';
import type { PeopleService } from '../services/people/people.ts';

export const routes: RouteDefinition[] = [
  ...crudRoutes(People, { read: READ, write: MANAGE, create: PersonInput, update: PersonInput }),
  ...serviceRoutes<PeopleService>('people', (call) => [
    call('greet', { method: 'POST', path: '/people/:id/greet', permission: MANAGE, summary: 'Dire bonjour' }),
  ]),
];
