/**
 * The route table of the « Contacts » plugin, mounted under `/api/contacts`: the five resource
 * routes of http README « Resources » for customers, providers and contacts (writes through the services, which
 * compute `displayName` and keep the links between contacts and customers), their archive and
 * restore actions, and the contact import.
 */
import { Type } from '@sinclair/typebox';
import { archiveRoutes, crudRoutes, route, type RouteDefinition } from '@comptoir/sdk';
import {
  CONTACT_IMPORT_FORMATS, ContactCreateInput, ContactUpdateInput, CustomerCreateInput, CustomerUpdateInput,
  ProviderCreateInput, ProviderUpdateInput,
} from '../../schemas/index.ts';
import { StrEnum } from '@comptoir/schemas';
import { Contacts, Customers, Providers } from '../entities.ts';
import { P } from '../permissions.ts';
import type { ContactImportService } from '../services/import/contact-import.ts';

interface Writer {
  create(body: Record<string, unknown>): Promise<unknown>;
  update(id: string, changes: Record<string, unknown>): Promise<unknown>;
  remove(id: string): Promise<void>;
}

/** The routes crudRoutes makes, with create, update and delete answered by the plugin's service. */
function throughService(routes: RouteDefinition[], service: string): RouteDefinition[] {
  return routes.map((r): RouteDefinition => {
    const writer = (req: Parameters<RouteDefinition['handler']>[0]) => req.resolve<Writer>(service);
    if (r.method === 'POST') return { ...r, handler: (req) => writer(req).create(req.body as Record<string, unknown>) };
    if (r.method === 'PUT') return { ...r, handler: (req) => writer(req).update(req.params.id, req.body as Record<string, unknown>) };
    if (r.method === 'DELETE') return { ...r, handler: async (req) => { await writer(req).remove(req.params.id); return null; } };
    return r;
  });
}

/** The file's text (the browser reads it), up to the request body limit of the server. */
const ImportPreviewBody = Type.Object({
  format: StrEnum(CONTACT_IMPORT_FORMATS),
  content: Type.String({ minLength: 1 }),
}, { additionalProperties: false });

const ImportBody = Type.Object({
  ...ImportPreviewBody.properties,
  /** rows whose e-mail or phone is already known are not created (true when absent) */
  skipDuplicates: Type.Optional(Type.Boolean()),
}, { additionalProperties: false });

export const routes: RouteDefinition[] = [
  ...throughService(crudRoutes(Customers, { read: P.customersRead, write: P.customersManage, create: CustomerCreateInput, update: CustomerUpdateInput }), 'customers'),
  ...throughService(crudRoutes(Providers, { read: P.providersRead, write: P.providersManage, create: ProviderCreateInput, update: ProviderUpdateInput }), 'providers'),
  ...throughService(crudRoutes(Contacts, { read: P.contactsRead, write: P.contactsManage, create: ContactCreateInput, update: ContactUpdateInput }), 'contacts'),
  ...archiveRoutes(Customers, { write: P.customersManage }),
  ...archiveRoutes(Providers, { write: P.providersManage }),
  ...archiveRoutes(Contacts, { write: P.contactsManage }),
  route({
    method: 'POST',
    path: '/contacts/import/preview',
    permission: P.contactsManage,
    body: ImportPreviewBody,
    transactional: false,
    summary: 'Aperçu d’un import de contacts (vCard ou CSV) : rien n’est enregistré',
    handler: (req) => req.resolve<ContactImportService>('contactImport').preview(req.body.format, req.body.content),
  }),
  route({
    method: 'POST',
    path: '/contacts/import',
    permission: P.contactsManage,
    body: ImportBody,
    summary: 'Importer des contacts (vCard ou CSV), en une transaction',
    handler: (req) => req.resolve<ContactImportService>('contactImport').run(req.body.format, req.body.content, req.body.skipDuplicates ?? true),
  }),
];
