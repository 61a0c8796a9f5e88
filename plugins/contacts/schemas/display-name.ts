/**
 * Display names (contacts README « Entities »), as plain functions: the server stores their result in the
 * `displayName` column of each entity (sortable, searchable), the screens show that column. The
 * customer's rule is shared with the documents' receivers, so it lives in `@comptoir/schemas`
 * (`personalName`, `customerDisplayName`).
 */
import { cleanName, customerDisplayName, personalName } from '@comptoir/schemas';

/** The message « (pas identifiable) » (contacts README « Entities ») for a contact without a usable name. */
export const UNIDENTIFIABLE_CONTACT = '(pas identifiable)';

type Maybe = string | null | undefined;

/** Same rule as a customer (contacts README « Entities », display names). */
export const providerDisplayName = customerDisplayName;

/** Contact: alias, else firstname plus name, else nickname, else company, else '(pas identifiable)'. */
export function contactDisplayName(c: { alias?: Maybe; firstname?: Maybe; name?: Maybe; nickname?: Maybe; company?: Maybe }): string {
  return cleanName(c.alias) || personalName(c) || cleanName(c.nickname) || cleanName(c.company) || UNIDENTIFIABLE_CONTACT;
}
