/**
 * The notification centre (`/api/kernel/notifications`): my notifications in the active company,
 * sending, read state, dismissal, choices; the catalogue of kinds and my preferences for them.
 */
import type Koa from 'koa';
import { reply, route, badRequest, type NotifyInput, type RouteDefinition } from '@comptoir/sdk';
import { NotificationChooseInput, NotificationPreferencesInput, NotificationSendInput } from '@comptoir/schemas';
import { P } from '../permissions.ts';
import { membersAmong, recipientIds, send } from '../../notifications/notifier.ts';
import { publicNotification } from '../../notifications/notification.ts';
import { choose, dismiss, listMine, markAllRead, ownNotification, setRead, unreadCount } from '../../notifications/notification-center.ts';
import { originOf } from '../../notifications/notification-callback.ts';
import { pushNotificationCatalogue } from '../../notifications/push-notification-catalogue.ts';
import { preferencesOf, savePreferences } from '../../notifications/notification-preferences.ts';

export const notificationRoutes: RouteDefinition[] = [
  route({
    method: 'GET', path: '/kernel/notifications', summary: 'Mes notifications conservées (liste paginée)',
    handler: (req) => listMine(req, req.query as never),
  }),
  // before `/:id`, which would read « unread » as an id
  route({
    method: 'GET', path: '/kernel/notifications/unread', summary: 'Nombre de mes notifications non lues',
    handler: async (req) => ({ count: await unreadCount(req) }),
  }),
  route({
    method: 'POST', path: '/kernel/notifications/read', summary: 'Tout marquer comme lu',
    handler: async (req) => ({ count: await markAllRead(req) }),
  }),
  route({
    method: 'POST', path: '/kernel/notifications', permission: P.notificationsSend, body: NotificationSendInput, status: 201,
    summary: 'Envoyer une notification à des membres ou à toute l’entreprise',
    async handler(req) {
      const { recipients, ...notification } = req.body;
      const ids = recipientIds(recipients);
      if (ids !== 'company') {
        const members = new Set((await membersAmong(req, ids)).map((u) => u._id));
        const strangers = ids.filter((id) => !members.has(id));
        if (strangers.length) {
          const verb = strangers.length > 1 ? 'ne sont pas membres' : 'n’est pas membre';
          throw badRequest(`Destinataires invalides : ${strangers.map((s) => `« ${s} »`).join(', ')} ${verb} de l’entreprise.`,
            [{ field: 'recipients', message: 'membre inconnu' }]);
        }
      }
      // sent by a person (or a tool): a call back stays on this server, as whoever clicks, within
      // the sender's own rights
      return { data: await send(req, ids, notification as NotifyInput, { allowAbsoluteCallbacks: false, rightsOf: req.caller.userId }) };
    },
  }),
  route({
    method: 'GET', path: '/kernel/notifications/:id', summary: 'Une de mes notifications',
    handler: async (req) => publicNotification(await ownNotification(req, req.params.id)),
  }),
  route({
    method: 'POST', path: '/kernel/notifications/:id/read', summary: 'Marquer comme lue',
    handler: (req) => setRead(req, req.params.id, true),
  }),
  route({
    method: 'POST', path: '/kernel/notifications/:id/unread', summary: 'Marquer comme non lue',
    handler: (req) => setRead(req, req.params.id, false),
  }),
  route({
    method: 'DELETE', path: '/kernel/notifications/:id', summary: 'Supprimer une de mes notifications',
    async handler(req) {
      await dismiss(req, req.params.id);
      return reply(204);
    },
  }),
  route({
    method: 'POST', path: '/kernel/notifications/:id/choose', body: NotificationChooseInput,
    summary: 'Répondre par un choix (rappel de l’adresse, effacement pour tous)',
    // the call back reaches this server as a request of its own: it must not wait for a
    // transaction of ours (SQLite has one writer), and no lock may be held across it
    transactional: false,
    handler(req) {
      const koa = req.raw as Koa.Context;
      return choose(req, req.params.id, req.body.choice, {
        origin: originOf(koa.req.socket), authorization: koa.get('Authorization') || undefined,
        companyId: req.caller.companyId!, requestId: req.requestId,
      });
    },
  }),
  route({
    method: 'GET', path: '/kernel/push-notifications', summary: 'Catalogue des types de notifications déclarés par les plugins',
    handler: (req) => ({ data: pushNotificationCatalogue(req) }),
  }),
  route({
    method: 'GET', path: '/kernel/notification-preferences', summary: 'Mes préférences de notification dans l’entreprise active',
    handler: async (req) => ({ data: await preferencesOf(req) }),
  }),
  route({
    method: 'PUT', path: '/kernel/notification-preferences', body: NotificationPreferencesInput,
    summary: 'Choisir, par type, direct / centre de notifications / e-mail',
    handler: async (req) => ({ data: await savePreferences(req, req.body) }),
  }),
];
