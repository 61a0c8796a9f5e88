/** Configuration records and the Asterisk files (README « Routes »). Thin: parse, call a service, answer. */
import { Type } from '@sinclair/typebox';
import { crudRoutes, reply, route, serviceRoutes, type RouteDefinition } from '@comptoir/sdk';
import { FirstConfigurationHelper } from '../../schemas/index.ts';
import { Contexts, DialPlans, NumberLists, PlayLists, Scrappers, Servers, SipNumbers, TimesOfYear, Users } from '../entities.ts';
import { MANAGE, READ } from '../permissions.ts';
import type { ConfigService } from '../services/config/config.ts';

const FileName = Type.Object({}, { additionalProperties: false });

export const configRoutes: RouteDefinition[] = [
  ...crudRoutes(TimesOfYear, { read: READ, write: MANAGE }),
  ...crudRoutes(PlayLists, { read: READ, write: MANAGE }),
  ...crudRoutes(NumberLists, { read: READ, write: MANAGE }),
  ...crudRoutes(Contexts, { read: READ, write: MANAGE }),
  ...crudRoutes(Servers, { read: MANAGE, write: MANAGE }),
  ...crudRoutes(Users, { read: READ, write: MANAGE }),
  ...crudRoutes(DialPlans, { read: READ, write: MANAGE }),
  ...crudRoutes(SipNumbers, { read: MANAGE, write: MANAGE }),
  ...crudRoutes(Scrappers, { read: MANAGE, write: MANAGE }),
  ...serviceRoutes<ConfigService>('config', (call) => [
    call('files', { method: 'GET', path: '/servers/:id/config', permission: MANAGE, summary: 'Les fichiers de configuration d’Asterisk de ce serveur' }),
    call('firstConfiguration', { method: 'POST', path: '/first-configuration', permission: MANAGE, body: FirstConfigurationHelper, summary: 'Première configuration : numéros SIP de l’opérateur et contextes par défaut' }),
  ]),
  route({
    method: 'GET', path: '/servers/:id/config/:file', permission: MANAGE, query: FileName,
    summary: 'Un fichier de configuration d’Asterisk (texte)',
    handler: async (req) => {
      const text = await req.resolve<ConfigService>('config').file(req.params.id, req.params.file);
      return reply(200, Buffer.from(text, 'utf8'), { 'Content-Type': 'text/plain; charset=utf-8' });
    },
  }),
];
