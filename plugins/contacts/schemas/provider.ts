/** A provider of the company (contacts README « Entities »): the customer's fields without `origin`. */
import { Type, type Static } from '@sinclair/typebox';
import { createInput, Entity, Id, updateInput } from '@comptoir/schemas';
import { partyFields, PARTY_SERVER_MANAGED, type PartyInput } from './customer.ts';
import { withAddressInput, withFk } from './common.ts';

export const Provider = Entity({ ...partyFields }, {
  groups: Type.Array(Id(), { default: [] }),
  company: Id(),
});
export type Provider = Static<typeof Provider>;

const providerFk = { groups: Type.Array(Id(), { default: [] }) };

export const ProviderCreateInput = withFk(withAddressInput(createInput(Provider, { serverManaged: PARTY_SERVER_MANAGED })), providerFk, true);
export type ProviderCreateInput = PartyInput<Provider>;
export const ProviderUpdateInput = withFk(withAddressInput(updateInput(Provider, { serverManaged: PARTY_SERVER_MANAGED })), providerFk, false);
export type ProviderUpdateInput = PartyInput<Provider>;
