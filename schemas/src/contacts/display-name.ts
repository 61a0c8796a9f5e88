/**
 * Display names (contacts README « Entities »), as plain functions: the server stores their result in the
 * `displayName` column of each entity (sortable, searchable), the screens show that column.
 */

/** The message « (pas identifiable) » (contacts README « Entities ») for a contact without a usable name. */
export const UNIDENTIFIABLE_CONTACT = '(pas identifiable)';

type Maybe = string | null | undefined;

/** Trimmed, inner runs of spaces collapsed; '' for nothing. */
function clean(s: Maybe): string {
  return (s ?? '').replace(/\s+/g, ' ').trim();
}

/** firstname and name, joined by a space, skipping the empty ones. */
export function personalName(p: { firstname?: Maybe; name?: Maybe }): string {
  return [clean(p.firstname), clean(p.name)].filter((s) => s !== '').join(' ');
}

/**
 * Customer and provider: « company (firstname name) », the company alone when there is no personal
 * name, else the personal name alone ('' when there is nothing at all).
 */
export function customerDisplayName(c: { company?: Maybe; firstname?: Maybe; name?: Maybe }): string {
  const company = clean(c.company);
  const personal = personalName(c);
  if (company && personal) return `${company} (${personal})`;
  return company || personal;
}

/** Same rule as a customer (contacts README « Entities », display names). */
export const providerDisplayName = customerDisplayName;

/** Contact: alias, else firstname plus name, else nickname, else company, else '(pas identifiable)'. */
export function contactDisplayName(c: { alias?: Maybe; firstname?: Maybe; name?: Maybe; nickname?: Maybe; company?: Maybe }): string {
  return clean(c.alias) || personalName(c) || clean(c.nickname) || clean(c.company) || UNIDENTIFIABLE_CONTACT;
}
