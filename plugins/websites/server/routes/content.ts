/** Layouts, blocks, block types and previews, templates, variants, articles (README « Routes »). */
import { Type } from '@sinclair/typebox';
import { crudRoutes, inputSchemaOf, serviceRoutes, type RouteDefinition } from '@comptoir/sdk';
import { ArticleInput, BlockPreview } from '../../schemas/index.ts';
import { Articles, BlockPreviews, Blocks, Layouts, Templates, Variants } from '../entities.ts';
import { MANAGE, MANAGE_TEMPLATES, READ, WRITE_ARTICLES } from '../permissions.ts';
import type { PagesService } from '../services/content/pages.ts';
import type { ArticlesService } from '../services/content/articles.ts';
import type { TemplatesService } from '../services/content/variants.ts';

const PreviewInput = Type.Object({
  block: BlockPreview.properties.block,
  fk: Type.Optional(Type.Object({ website: Type.Optional(Type.String({ pattern: '^[0-9a-f]{24}$' })) }, { additionalProperties: false })),
}, { additionalProperties: false });

export const contentRoutes: RouteDefinition[] = [
  ...crudRoutes(Layouts, { read: READ, write: MANAGE, only: ['list', 'get', 'delete'] }),
  ...crudRoutes(Blocks, { read: READ, write: MANAGE, only: ['list', 'get', 'delete'] }),
  ...crudRoutes(BlockPreviews, { read: READ, write: MANAGE, only: ['get', 'delete'] }),
  ...serviceRoutes<PagesService>('pages', (call) => [
    call('createLayout', { method: 'POST', path: '/layouts', permission: MANAGE, body: inputSchemaOf(Layouts), status: 201, summary: 'Créer une mise en page' }),
    call('updateLayout', { method: 'PUT', path: '/layouts/:id', permission: MANAGE, body: inputSchemaOf(Layouts), summary: 'Modifier une mise en page' }),
    call('createBlock', { method: 'POST', path: '/blocks', permission: MANAGE, body: inputSchemaOf(Blocks), status: 201, summary: 'Créer un bloc' }),
    call('updateBlock', { method: 'PUT', path: '/blocks/:id', permission: MANAGE, body: inputSchemaOf(Blocks), summary: 'Modifier un bloc' }),
    call('createPreview', { method: 'POST', path: '/block-previews', permission: MANAGE, body: PreviewInput, status: 201, summary: 'Enregistrer l’aperçu d’un bloc' }),
    call('blockTypes', { method: 'GET', path: '/block-types', permission: READ, summary: 'Les types de blocs : le catalogue et ceux des autres plugins' }),
  ]),
  ...serviceRoutes<TemplatesService>('templates', (call) => [
    call('offered', { method: 'GET', path: '/templates', permission: READ, summary: 'Les modèles proposés à l’entreprise' }),
    call('removeTemplate', { method: 'DELETE', path: '/templates/:id', permission: MANAGE_TEMPLATES, status: 204, summary: 'Supprimer un modèle (administrateurs du serveur)' }),
    call('createVariant', { method: 'POST', path: '/variants', permission: MANAGE, body: inputSchemaOf(Variants), status: 201, summary: 'Créer une variante de modèle' }),
    call('updateVariant', { method: 'PUT', path: '/variants/:id', permission: MANAGE, body: inputSchemaOf(Variants), summary: 'Modifier une variante de modèle' }),
  ]),
  ...crudRoutes(Templates, { read: READ, write: MANAGE_TEMPLATES, only: ['get', 'create', 'update'] }),
  ...crudRoutes(Variants, { read: READ, write: MANAGE, only: ['list', 'get', 'delete'] }),
  ...crudRoutes(Articles, { read: READ, write: WRITE_ARTICLES, only: ['list', 'get', 'delete'] }),
  ...serviceRoutes<ArticlesService>('articles', (call) => [
    call('create', { method: 'POST', path: '/articles', permission: WRITE_ARTICLES, body: ArticleInput, status: 201, summary: 'Écrire un article' }),
    call('update', { method: 'PUT', path: '/articles/:id', permission: WRITE_ARTICLES, body: ArticleInput, summary: 'Modifier un article' }),
  ]),
];
