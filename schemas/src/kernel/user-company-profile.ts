/**
 * What a company knows of one of its users (schemas README « UserCompanyProfile »): the same person can show a different
 * name, alias or phone in each company. One profile per (company, user).
 */
import { Type, type Static } from '@sinclair/typebox';
import { Email, Entity, Id, Str, Text } from '../kinds.ts';
import { Address } from './address.ts';
import { Attachments } from './attachment.ts';
import { createInput, updateInput } from './input.ts';

/** A typed phone number, as contacts have them (`type` home, work, mobile...; `customType` free). */
export const ProfilePhone = Type.Object({
  type: Str({ default: 'home' }),
  value: Str(),
  customType: Type.Optional(Str()),
}, { additionalProperties: false });
export type ProfilePhone = Static<typeof ProfilePhone>;

export const UserCompanyProfile = Entity({
  name: Type.Optional(Str()),
  firstname: Type.Optional(Str()),
  comment: Type.Optional(Text()),
  email: Type.Optional(Email()),
  alias: Type.Optional(Str()),
  phones: Type.Array(ProfilePhone, { default: [] }),
  addresses: Type.Array(Address, { default: [] }),
  nickname: Type.Optional(Str()),
  gender: Str({ default: 'secret' }),
  attachments: Attachments(),
}, {
  company: Id(),
  user: Id(),
});
export type UserCompanyProfile = Static<typeof UserCompanyProfile>;

/** fk.company comes from the active company; a profile never moves to another user or company. */
export const UserCompanyProfileCreateInput = createInput(UserCompanyProfile);
export type UserCompanyProfileCreateInput = Static<typeof UserCompanyProfileCreateInput>;
export const UserCompanyProfileUpdateInput = updateInput(UserCompanyProfile, { serverManaged: ['fk'] });
export type UserCompanyProfileUpdateInput = Static<typeof UserCompanyProfileUpdateInput>;
