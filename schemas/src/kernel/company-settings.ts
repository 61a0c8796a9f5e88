/**
 * Per-company preferences (schemas README « CompanySettings »). One record per company.
 */
import { type Static } from '@sinclair/typebox';
import { Entity, Id, JsonObject, Str } from '../kinds.ts';
import { createInput, updateInput } from './input.ts';

export const CompanySettings = Entity({
  /** ISO 3166 alpha-2 country of phone numbers typed without a prefix */
  defaultPhoneNumberCountryCode: Str({ pattern: '^[A-Z]{2}$', default: 'FR' }),
  /** the references the address autocomplete service needs (provider keys, ids); provider-specific */
  addressAutocomplete: JsonObject({ default: {} }),
}, {
  company: Id(),
});
export type CompanySettings = Static<typeof CompanySettings>;

/** fk.company is the active company; settings never move to another company. */
export const CompanySettingsCreateInput = createInput(CompanySettings);
export type CompanySettingsCreateInput = Static<typeof CompanySettingsCreateInput>;
export const CompanySettingsUpdateInput = updateInput(CompanySettings, { serverManaged: ['fk'] });
export type CompanySettingsUpdateInput = Static<typeof CompanySettingsUpdateInput>;
