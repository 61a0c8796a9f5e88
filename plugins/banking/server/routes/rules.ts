/** Rules and their application (README « Rules »). `rules/apply` comes before `rules/:id`. */
import { crudRoutes, serviceRoutes, type RouteDefinition } from '@comptoir/sdk';
import { ApplyRulesInput, RuleInput } from '../../schemas/index.ts';
import { Rules } from '../entities.ts';
import { MANAGE, READ } from '../permissions.ts';
import type { RulesService } from '../services/rules/rules.ts';

export const ruleRoutes: RouteDefinition[] = [
  ...serviceRoutes<RulesService>('rules', (call) => [
    call('apply', { method: 'POST', path: '/rules/apply', permission: MANAGE, body: ApplyRulesInput, summary: 'Appliquer les règles sur une période (dryRun : seulement la liste des changements)' }),
    call('create', { method: 'POST', path: '/rules', permission: MANAGE, body: RuleInput, status: 201, summary: 'Créer une règle' }),
    call('update', { method: 'PUT', path: '/rules/:id', permission: MANAGE, body: RuleInput, summary: 'Modifier une règle' }),
    call('remove', { method: 'DELETE', path: '/rules/:id', permission: MANAGE, summary: 'Supprimer une règle' }),
  ]),
  ...crudRoutes(Rules, { read: READ, write: MANAGE, only: ['list', 'get'] }),
];
