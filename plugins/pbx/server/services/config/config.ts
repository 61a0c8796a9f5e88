/**
 * The configuration a server's Asterisk needs (README « Asterisk side »): its files, and the first
 * configuration (the operator's SIP numbers, the default « atmos » contexts).
 */
import { notFound, type CallContext } from '@comptoir/sdk';
import type { Context, FirstConfigurationHelper, SipNumber } from '../../../schemas/index.ts';
import { Contexts, DialPlans, Servers, SipNumbers, Users } from '../../entities.ts';
import { agiHookProps, asteriskFiles, HOOK_CONTEXT, localProps } from './asterisk-files.ts';

export function configService(ctx: CallContext) {
  return {
    /** every file, by name (text) */
    async files(serverId: string): Promise<Record<string, string>> {
      const server = await ctx.repo(Servers).get(serverId);
      const [contexts, dialPlans, users, numbers] = await Promise.all([
        ctx.repo(Contexts).findMany({}, { orderBy: 'name' }),
        ctx.repo(DialPlans).findMany({}, { orderBy: 'name' }),
        ctx.repo(Users).findMany({}, { orderBy: 'username' }),
        ctx.repo(SipNumbers).findMany({}, { orderBy: 'number' }),
      ]);
      // phones of this server, and those not assigned to any
      const mine = users.filter((u) => !u.fk.server || u.fk.server === serverId);
      return asteriskFiles(server, { contexts, dialPlans, users: mine, numbers });
    },

    async file(serverId: string, name: string): Promise<string> {
      const files = await this.files(serverId);
      if (!(name in files)) throw notFound(`Aucun fichier « ${name} » pour ce serveur : ${Object.keys(files).join(', ')}.`);
      return files[name];
    },

    /**
     * FirstConfigurationHelper: records the operator's numbers (an existing number is updated), and
     * makes the default contexts `atmos-incoming` (the AGI hook) and `local` (phones call each
     * other); `replaceExistingAtmosPropsByDefaultValues` puts their default lines back.
     */
    async firstConfiguration(body: FirstConfigurationHelper): Promise<{ numbers: SipNumber[]; contexts: Context[] }> {
      const numbers: SipNumber[] = [];
      for (const n of body.numbers) {
        const existing = await ctx.repo(SipNumbers).findOne({ number: n.number });
        const values = { number: n.number, password: n.password, domain: n.domain, port: n.port ?? 5060, expiry: n.expiry ?? 1800 };
        numbers.push(existing ? await ctx.repo(SipNumbers).update(existing._id, values) : await ctx.repo(SipNumbers).create(values));
      }
      const contexts: Context[] = [];
      for (const [name, props, description] of [
        [HOOK_CONTEXT, agiHookProps(), 'Appels entrants confiés à Comptoir (FastAGI)'],
        ['local', localProps(), 'Les postes s’appellent entre eux'],
      ] as const) {
        const existing = await ctx.repo(Contexts).findOne({ name });
        if (!existing) contexts.push(await ctx.repo(Contexts).create({ name, description, file: 'extensions', props }));
        else if (body.replaceExistingAtmosPropsByDefaultValues) contexts.push(await ctx.repo(Contexts).update(existing._id, { props, file: 'extensions' }));
        else contexts.push(existing);
      }
      return { numbers, contexts };
    },
  };
}

export type ConfigService = ReturnType<typeof configService>;
