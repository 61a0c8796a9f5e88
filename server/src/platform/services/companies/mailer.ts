/**
 * `kernel.mailer` (kernel export): `send({ to, subject, text, html?, attachments?, about? })` records
 * the message in the caller's transaction and delivers it after the commit (a rolled-back call sends
 * nothing), through the company's SMTPSettings, with retries. See server/src/mail/mailer.ts.
 * `configured()` tells whether the company has SMTPSettings: without them a message would wait and
 * fail for days, so callers refuse (409) or skip instead.
 */
import type { CallContext, KernelMailer } from '@comptoir/sdk';
import { badRequest } from '@comptoir/sdk';
import type { Call } from '../../../plugins/call.ts';
import { MAIL_QUEUED_EVENT, type Mailer, type MailMessage } from '../../../mail/mailer.ts';
import { SmtpSettingsEntity } from '../../../entities/platform.ts';

export function mailer(ctx: CallContext): KernelMailer {
  return {
    async send(message) {
      const companyId = ctx.caller.companyId;
      if (!companyId) throw badRequest('Aucune entreprise active : précisez l’en-tête AT-Company.');
      const root = ctx.resolve<Mailer>('mailService');
      const _id = await root.queue(ctx.resolve<Call>('call').opts.db, companyId, message as MailMessage, ctx.caller.userId);
      ctx.emit(MAIL_QUEUED_EVENT, { _id });
      return { _id };
    },
    async configured() {
      if (!ctx.caller.companyId) return false;
      return !!(await ctx.repo(SmtpSettingsEntity).findOne({}));
    },
  };
}
