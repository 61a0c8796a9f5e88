/** /api/kernel/profile: the signed-in user's profile in the active company (UserCompanyProfile). */
import { route, notFound, type RouteDefinition } from '@comptoir/sdk';
import { UserCompanyProfileUpdateInput } from '@comptoir/schemas';
import { Profiles } from '../../entities/platform.ts';

export const profileRoutes: RouteDefinition[] = [
  route({
    method: 'GET', path: '/kernel/profile', summary: 'Mon profil dans l’entreprise active',
    async handler(req) {
      const p = await req.repo(Profiles).findOne({ 'fk.user': req.caller.userId! });
      if (!p) throw notFound('Profil introuvable.');
      return p;
    },
  }),
  route({
    method: 'PUT', path: '/kernel/profile', body: UserCompanyProfileUpdateInput, summary: 'Modifier mon profil dans l’entreprise active',
    async handler(req) {
      const repo = req.repo(Profiles);
      const p = await repo.findOne({ 'fk.user': req.caller.userId! });
      if (!p) throw notFound('Profil introuvable.');
      return repo.update(p._id, req.body as Record<string, unknown>);
    },
  }),
];
