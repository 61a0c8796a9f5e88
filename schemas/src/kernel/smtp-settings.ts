/**
 * The mail server a company sends its e-mails through (schemas README « SMTPSettings »; port 465 and
 * implicit TLS by default). The shape follows nodemailer's SMTP transport options.
 */
import { Type, type Static } from '@sinclair/typebox';
import { Entity, Id, JsonObject, Str } from '../kinds.ts';
import { createInput, updateInput } from './input.ts';

export const SMTPSettings = Entity({
  host: Str({ minLength: 1 }),
  port: Type.Integer({ minimum: 1, maximum: 65535, default: 465 }),
  /** true: TLS from the first byte (465); false: STARTTLS when offered (587, 25) */
  secure: Type.Boolean({ default: true }),
  /**
   * Stored as given, since the server must present it to the mail server. Answers should mask
   * `auth.pass` (write-only from the interface).
   */
  auth: Type.Optional(Type.Object({
    user: Str(),
    pass: Str(),
  }, { additionalProperties: false })),
  /** extra TLS options passed to nodemailer (servername, rejectUnauthorized...) */
  tls: JsonObject({ default: {} }),
}, {
  company: Id(),
});
export type SMTPSettings = Static<typeof SMTPSettings>;

export const SMTPSettingsCreateInput = createInput(SMTPSettings, { required: ['host'] });
export type SMTPSettingsCreateInput = Static<typeof SMTPSettingsCreateInput>;
export const SMTPSettingsUpdateInput = updateInput(SMTPSettings, { serverManaged: ['fk'] });
export type SMTPSettingsUpdateInput = Static<typeof SMTPSettingsUpdateInput>;
