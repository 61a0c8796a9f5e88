/**
 * The names of people and companies (contacts README « Entities », display names), as plain
 * functions: the contacts plugin stores them as each party's `displayName`, and the commercial
 * documents show and search their receiver by the same rule (`receiverNameOf`).
 */

type Maybe = string | null | undefined;

/** Trimmed, inner runs of spaces collapsed; '' for nothing. */
export function cleanName(s: Maybe): string {
  return (s ?? '').replace(/\s+/g, ' ').trim();
}

/** firstname and name, joined by a space, skipping the empty ones. */
export function personalName(p: { firstname?: Maybe; name?: Maybe }): string {
  return [cleanName(p.firstname), cleanName(p.name)].filter((s) => s !== '').join(' ');
}

/**
 * Customer and provider: « company (firstname name) », the company alone when there is no personal
 * name, else the personal name alone ('' when there is nothing at all).
 */
export function customerDisplayName(c: { company?: Maybe; firstname?: Maybe; name?: Maybe }): string {
  const company = cleanName(c.company);
  const personal = personalName(c);
  if (company && personal) return `${company} (${personal})`;
  return company || personal;
}
