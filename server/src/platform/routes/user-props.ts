/**
 * /api/kernel/user-props: custom fields of any collection (platform README « User properties »). Reading
 * is open to every member (forms and lists need the definitions); writing is checked by the
 * service: a private property needs kernel.user-props.manage and the server settings' consent, a
 * server property kernel.user-props.server (server administrators).
 */
import { route, reply, type RouteDefinition } from '@comptoir/sdk';
import { UserPropCreateInput, UserPropUpdateInput, UserPropUsageInput } from '@comptoir/schemas';
import { P } from '../permissions.ts';
import {
  createUserProp, getUserProp, listUserProps, removeUserProp, setUserPropUsage, updateUserProp, userPropCollections,
} from '../services/user-props/user-props.ts';

const PATH = '/kernel/user-props';

export const userPropRoutes: RouteDefinition[] = [
  route({
    method: 'GET', path: `${PATH}/collections`, summary: 'Les collections dont les fiches portent des propriétés personnalisées',
    handler: (req) => ({ data: userPropCollections(req) }),
  }),
  route({
    method: 'GET', path: PATH, summary: 'Propriétés personnalisées visibles dans l’entreprise active (liste paginée)',
    handler: (req) => listUserProps(req, req.query as never),
  }),
  route({
    method: 'GET', path: `${PATH}/:id`, summary: 'Une propriété personnalisée',
    handler: (req) => getUserProp(req, req.params.id),
  }),
  route({
    method: 'POST', path: PATH, body: UserPropCreateInput, status: 201,
    summary: 'Créer une propriété (privée : kernel.user-props.manage et paramètres du serveur ; serveur : kernel.user-props.server)',
    handler: (req) => createUserProp(req, req.body),
  }),
  route({
    method: 'PUT', path: `${PATH}/:id`, body: UserPropUpdateInput, summary: 'Modifier une propriété personnalisée',
    handler: (req) => updateUserProp(req, req.params.id, req.body),
  }),
  route({
    method: 'DELETE', path: `${PATH}/:id`, summary: 'Supprimer une propriété (les valeurs saisies restent dans les fiches)',
    async handler(req) { await removeUserProp(req, req.params.id); return reply(204); },
  }),
  route({
    method: 'PUT', path: `${PATH}/:id/usage`, body: UserPropUsageInput, permission: P.userPropsManage,
    summary: 'Utiliser (ou non) dans l’entreprise active une propriété du serveur proposée',
    handler: (req) => setUserPropUsage(req, req.params.id, req.body.used),
  }),
];
