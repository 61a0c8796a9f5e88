/**
 * /api/kernel/companies: the companies of the signed-in user. A company the user does not belong
 * to is answered 404, exactly like one that does not exist. Legal records cannot be deleted with
 * their company (10-year retention of accounting documents): DELETE answers 409.
 * /api/kernel/company/logo: the active company's logo (services/companies/company-logo.ts).
 */
import { mergeNumbering, numberingView } from '../services/companies/numbering.ts';
import { Type } from '@sinclair/typebox';
import { route, badRequest, conflict, forbidden, notFound, type RouteDefinition, type RequestContext } from '@comptoir/sdk';
import { CompanyCreateInput, CompanyUpdateInput, type NumberingSetting } from '@comptoir/schemas';
import type { Knex } from 'knex';
import { Companies, CompanySettingsEntity, SmtpSettingsEntity, Profiles, Users } from '../../entities/platform.ts';
import type { KernelMailer } from '@comptoir/sdk';
import { smtpTestMail } from '../../mail/templates.ts';
import { listEntity } from '../../db/repository.ts';
import { companiesOfUser } from '../services/users/membership-scope.ts';
import { createCompany } from '../services/companies/companies.ts';
import { P } from '../permissions.ts';
import { validate } from '../../db/validation.ts';
import { SUBFOLDERS } from '../services/files/attachment-keys.ts';
import { LOGO_KINDS, LOGO_MAX_BYTES, LOGO_TAG, setLogo } from '../services/companies/company-logo.ts';
import { receiveUpload } from '../services/files/upload-store.ts';
import { commitUpload, nodeRequest, storageOf, uploadLimits } from '../services/files/upload-commit.ts';
import { CompanySettingsUpdateInput, SMTPSettingsUpdateInput, Str } from '@comptoir/schemas';

/** The form never receives the SMTP password, so it may send `auth` without it (kept as stored). */
const SmtpBody = Type.Object({
  ...SMTPSettingsUpdateInput.properties,
  auth: Type.Optional(Type.Object({ user: Str(), pass: Type.Optional(Str()) }, { additionalProperties: false })),
}, { additionalProperties: false });

/** One indexed look-up of the caller's profile in that company, not the list of all their companies. */
async function ownCompany(req: RequestContext, id: string) {
  const profile = await req.unscoped(Profiles).findOne({ 'fk.company': id, 'fk.user': req.caller.userId! });
  if (!profile) throw notFound('Entreprise introuvable.');
  return req.unscoped(Companies).get(id);
}

/**
 * The company with the numbering of the loaded plugins only (filled with their defaults), the next
 * number of each as printed (`nextNumbers`) and the kinds' labels for the screen (`numberingKinds`).
 * Kinds stored for plugins not loaded stay in storage and are not answered.
 */
function withNextNumbers<T extends { numbering?: Record<string, Partial<NumberingSetting>> | null }>(req: RequestContext, c: T) {
  return { ...c, ...numberingView(req, c.numbering) };
}

/** the logo form carries no field of its own: the file is the whole message */
const NoFields = Type.Object({}, { additionalProperties: false });

export const companyRoutes: RouteDefinition[] = [
  route({
    method: 'POST', path: '/kernel/company/logo', access: 'company', permission: P.companiesManage, transactional: false,
    summary: 'Changer le logo de l’entreprise active (une image PNG ou JPEG de 2 Mo au plus, en multipart comme POST /api/kernel/files) → l’entreprise',
    async handler(req) {
      const companyId = req.caller.companyId!;
      const limits = uploadLimits(req);
      const upload = await receiveUpload(nodeRequest(req), {
        storage: storageOf(req), limits: { ...limits, fileSize: Math.min(limits.fileSize, LOGO_MAX_BYTES), maxFiles: 1 }, now: req.now,
        folder: companyId, subfolder: SUBFOLDERS.logo, tags: [LOGO_TAG], imageKinds: LOGO_KINDS,
        fields: (raw) => validate(NoFields, raw, { what: 'Champs du formulaire invalides' }),
      });
      if (upload.attachments.length === 0) throw badRequest('Aucune image reçue : envoyez le logo en PNG ou JPEG.', [{ field: 'files', message: 'requis' }]);
      return withNextNumbers(req, await commitUpload(req, upload.keys, (ctx) => setLogo(ctx, companyId, upload.attachments[0])));
    },
  }),
  route({
    method: 'DELETE', path: '/kernel/company/logo', access: 'company', permission: P.companiesManage,
    summary: 'Retirer le logo de l’entreprise active → l’entreprise',
    async handler(req) { return withNextNumbers(req, await setLogo(req, req.caller.companyId!, null)); },
  }),
  route({
    method: 'GET', path: '/kernel/companies', access: 'user', summary: 'Mes entreprises',
    handler(req) {
      const db = req.resolve<Knex>('db');
      return listEntity(db, Companies, req.query as never, companiesOfUser(db, req.caller.userId!));
    },
  }),
  route({
    method: 'POST', path: '/kernel/companies', access: 'user', body: CompanyCreateInput, status: 201,
    summary: 'Créer une entreprise (si le serveur le permet)',
    handler: (req) => createCompany(req, req.body as Record<string, unknown>, req.caller.userId),
  }),
  route({
    method: 'GET', path: '/kernel/companies/:id', access: 'user', summary: 'Une entreprise',
    async handler(req) { return withNextNumbers(req, await ownCompany(req, req.params.id)); },
  }),
  route({
    method: 'PUT', path: '/kernel/companies/:id', access: 'company', permission: P.companiesManage, body: CompanyUpdateInput,
    summary: 'Modifier l’entreprise active',
    async handler(req) {
      await ownCompany(req, req.params.id);
      if (req.params.id !== req.caller.companyId) throw forbidden('Modifiez l’entreprise active (en-tête AT-Company).');
      const body = { ...(req.body as Record<string, unknown>) };
      const numbering = await mergeNumbering(req, req.params.id, body.numbering);
      if (numbering) body.numbering = numbering;
      return withNextNumbers(req, await req.unscoped(Companies).update(req.params.id, body));
    },
  }),
  route({
    method: 'DELETE', path: '/kernel/companies/:id', access: 'user', summary: 'Refusé : conservation légale',
    async handler(req) {
      await ownCompany(req, req.params.id);
      throw conflict('Une entreprise ne peut pas être supprimée : ses documents comptables doivent être conservés 10 ans.');
    },
  }),
  route({
    method: 'GET', path: '/kernel/company-settings', summary: 'Paramètres de l’entreprise active',
    async handler(req) { return (await req.repo(CompanySettingsEntity).findMany({}, { limit: 1 }))[0] ?? null; },
  }),
  route({
    method: 'PUT', path: '/kernel/company-settings', permission: P.companiesManage, body: CompanySettingsUpdateInput,
    summary: 'Modifier les paramètres de l’entreprise active',
    async handler(req) {
      const repo = req.repo(CompanySettingsEntity);
      const [current] = await repo.findMany({}, { limit: 1 });
      return current ? repo.update(current._id, req.body as Record<string, unknown>) : repo.create(req.body as Record<string, unknown>);
    },
  }),
  route({
    method: 'GET', path: '/kernel/smtp-settings', permission: P.companiesManage, summary: 'Paramètres SMTP (mot de passe masqué)',
    async handler(req) {
      const stored = await req.repo(SmtpSettingsEntity).findOneRaw({});
      // not configured yet: the spec defaults, so the form starts from port 465 / secure
      return stored ? maskSmtp(stored) : { port: 465, secure: true, configured: false };
    },
  }),
  route({
    method: 'PUT', path: '/kernel/smtp-settings', permission: P.companiesManage, body: SmtpBody,
    summary: 'Modifier les paramètres SMTP',
    async handler(req) {
      const repo = req.repo(SmtpSettingsEntity);
      // raw: the stored password (hidden from every answer and activity) is needed to keep it
      const current = await repo.findOneRaw({});
      const body = { ...(req.body as Record<string, unknown>) };
      const auth = body.auth as { user?: string; pass?: string } | undefined;
      // an omitted password keeps the stored one: the form never receives it
      if (auth && auth.pass === undefined && current?.auth?.pass !== undefined) body.auth = { ...auth, pass: current.auth.pass };
      const saved = current ? await repo.update(current._id, body) : await repo.create(body);
      return maskSmtp(await repo.getRaw((saved as { _id: string })._id));
    },
  }),
  route({
    method: 'POST', path: '/kernel/smtp-settings/test', permission: P.companiesManage,
    summary: 'Envoyer un e-mail de test à soi-même par le serveur SMTP',
    async handler(req) {
      const smtp = await req.repo(SmtpSettingsEntity).findOneRaw({});
      if (!smtp) throw conflict('Enregistrez d’abord les paramètres du serveur d’envoi.');
      const user = await req.unscoped(Users).get(req.caller.userId!);
      const to = (user as { email?: string }).email;
      if (!to) throw conflict('Votre compte n’a pas d’adresse e-mail.');
      const company = await req.unscoped(Companies).get(req.caller.companyId!);
      const mail = smtpTestMail({ companyName: (company as { name: string }).name, host: smtp.host });
      const queued = await req.resolve<KernelMailer>('mailer').send({ to, ...mail });
      return { ...queued, to, status: 'pending' };
    },
  }),
];

function maskSmtp<T extends { auth?: { user?: string; pass?: string } }>(s: T) {
  if (!s.auth) return { ...s, configured: true };
  const { pass, ...auth } = s.auth;
  return { ...s, configured: true, auth: { ...auth, passSet: typeof pass === 'string' && pass.length > 0 } };
}
