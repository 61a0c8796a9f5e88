/** Menus and menu items (README « Routes », « Paths »): thin, the rules are in services/menus/. */
import { Type } from '@sinclair/typebox';
import { crudRoutes, inputSchemaOf, serviceRoutes, type RouteDefinition } from '@comptoir/sdk';
import { MenuItems, Menus } from '../entities.ts';
import { MANAGE, READ } from '../permissions.ts';
import type { MenusService } from '../services/menus/menus.ts';

const Id = Type.String({ pattern: '^[0-9a-f]{24}$' });
const OrderBody = Type.Object({
  items: Type.Array(Type.Object({
    _id: Id,
    position: Type.Integer({ minimum: 0, maximum: 100_000 }),
    parent: Type.Optional(Type.Union([Id, Type.Null()])),
  }, { additionalProperties: false }), { maxItems: 1000 }),
}, { additionalProperties: false });

export const menuRoutes: RouteDefinition[] = [
  ...crudRoutes(Menus, { read: READ, write: MANAGE, only: ['list', 'get', 'delete'] }),
  ...crudRoutes(MenuItems, { read: READ, write: MANAGE, only: ['list', 'get', 'delete'] }),
  ...serviceRoutes<MenusService>('menus', (call) => [
    call('createMenu', { method: 'POST', path: '/menus', permission: MANAGE, body: inputSchemaOf(Menus), status: 201, summary: 'Créer un menu' }),
    call('updateMenu', { method: 'PUT', path: '/menus/:id', permission: MANAGE, body: inputSchemaOf(Menus), summary: 'Modifier un menu' }),
    call('reorderItems', { method: 'PUT', path: '/menus/:id/order', permission: MANAGE, body: OrderBody, summary: 'Ranger les éléments d’un menu (glisser-déposer)' }),
    call('createItem', { method: 'POST', path: '/menu-items', permission: MANAGE, body: inputSchemaOf(MenuItems), status: 201, summary: 'Créer un élément de menu' }),
    call('updateItem', { method: 'PUT', path: '/menu-items/:id', permission: MANAGE, body: inputSchemaOf(MenuItems), summary: 'Modifier un élément de menu' }),
  ]),
];
