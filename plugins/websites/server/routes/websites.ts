/** Websites, their page-type layouts and settings, and the spec's home access (README « Routes »). */
import { Type } from '@sinclair/typebox';
import { crudRoutes, notFound, route, serviceRoutes, type RouteDefinition } from '@comptoir/sdk';
import { WebsiteInput } from '../../schemas/index.ts';
import { PageTypeLayouts, PageTypeSettingsEntity, Websites } from '../entities.ts';
import { MANAGE, READ } from '../permissions.ts';
import type { WebsitesService } from '../services/sites/websites.ts';
import { PreviewBody, type EditorService } from '../services/render/editor.ts';
import { homeAccessOf, websiteOfHost } from '../services/sites/home-access.ts';

const HomeAccessQuery = Type.Object({ domain: Type.String({ minLength: 1, maxLength: 255 }) });

export const websiteRoutes: RouteDefinition[] = [
  route({
    method: 'GET', path: '/home-access', access: 'public', query: HomeAccessQuery,
    summary: 'Accès d’accueil d’un domaine : entreprise, site, modèle, variante, mises en page par défaut',
    async handler(req) {
      const found = await websiteOfHost(req, req.query.domain);
      if (!found) throw notFound(`Aucun site web pour le domaine « ${req.query.domain} ».`);
      return homeAccessOf(req, found.website);
    },
  }),
  ...crudRoutes(Websites, { read: READ, write: MANAGE, only: ['list', 'get', 'delete'] }),
  ...serviceRoutes<WebsitesService>('websites', (call) => [
    call('create', { method: 'POST', path: '/websites', permission: MANAGE, body: WebsiteInput, status: 201, summary: 'Créer un site web' }),
    call('update', { method: 'PUT', path: '/websites/:id', permission: MANAGE, body: WebsiteInput, summary: 'Modifier un site web' }),
  ]),
  ...serviceRoutes<EditorService>('editor', (call) => [
    call('preview', { method: 'POST', path: '/websites/:id/preview', permission: READ, body: PreviewBody, summary: 'Aperçu d’un bloc tel que le site le dessine (éditeur)' }),
    call('styles', { method: 'GET', path: '/websites/:id/editor-styles', permission: READ, summary: 'Les styles du modèle et de la variante du site (éditeur)' }),
  ]),
  ...crudRoutes(PageTypeLayouts, { read: READ, write: MANAGE }),
  ...crudRoutes(PageTypeSettingsEntity, { read: READ, write: MANAGE }),
];
