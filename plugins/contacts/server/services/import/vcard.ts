/**
 * Reads a vCard file (3.0 and 4.0 with ical.js and its vcard3/vcard design sets; 2.1 through
 * vcard21.ts) into the import shape, one result per card. A card ical.js cannot read is reported
 * with its reason; the other cards are still read.
 */
import ICAL from 'ical.js';
import { badRequest } from '@comptoir/sdk';
import { assemble, emptyRaw, type RawContact } from './assemble.ts';
import { vcard21To30 } from './vcard21.ts';
import type { ReadRow } from './rows.ts';

type Value = string | number | (string | number)[];
/** A jCard property: name, parameters, value type, then one value or several. */
type JProp = [string, Record<string, string | string[]>, string, ...Value[]];

/** Cards of the file, as text from BEGIN:VCARD to END:VCARD (nested AGENT cards are escaped, one line). */
export function splitCards(text: string): string[] {
  const lines = text.replace(/^\uFEFF/, '').replace(/\r+\n?/g, '\n').split('\n');
  const cards: string[] = [];
  let current: string[] | null = null;
  for (const line of lines) {
    if (/^BEGIN:VCARD\s*$/i.test(line)) current = [line];
    else if (current) {
      current.push(line);
      if (/^END:VCARD\s*$/i.test(line)) { cards.push(`${current.join('\n')}\n`); current = null; }
    }
  }
  if (current) cards.push(`${current.join('\n')}\nEND:VCARD\n`);
  return cards;
}

/** Leftover escapes that ical.js keeps in some texts (\" of Gmail, \; of vCard 3 notes). */
function unescape(s: string): string {
  return s.replace(/\\([\\;,":])/g, '$1');
}

function text(v: Value | undefined, join = ' '): string {
  if (v === undefined || v === null) return '';
  if (Array.isArray(v)) return v.map((x) => unescape(String(x)).trim()).filter(Boolean).join(join);
  return unescape(String(v));
}

/** A text property's value; a list (unescaped commas split some texts) joined back. */
function textOf(p: JProp | undefined): string {
  return p ? p.slice(3).map((v) => text(v as Value, ', ')).filter(Boolean).join(', ') : '';
}

/** Structured values (N, ADR, ORG): one component per position, lists inside a component joined. */
function components(p: JProp | undefined, join = ' '): string[] {
  if (!p) return [];
  const v = p[3];
  const parts = Array.isArray(v) ? v : [v];
  return parts.map((c) => text(c, join));
}

function typesOf(p: JProp): string[] {
  const t = p[1].type;
  return (Array.isArray(t) ? t : t ? [t] : []).flatMap((x) => String(x).split(','));
}

function isPreferred(p: JProp): boolean {
  return typesOf(p).some((t) => t.toLowerCase() === 'pref') || p[1].pref === '1';
}

/** The import shape of one card (already split), with the card's warnings. */
export function readCard(card: string): ReturnType<typeof assemble> {
  const version = /^VERSION:\s*(\S+)/im.exec(card)?.[1];
  const parsed = ICAL.parse(version === '2.1' ? vcard21To30(card) : card) as unknown;
  const jcard = (Array.isArray((parsed as unknown[])[0]) ? (parsed as unknown[])[0] : parsed) as [string, JProp[]];
  const props = jcard[1];
  const all = (name: string) => props.filter((p) => p[0] === name);
  const first = (name: string) => all(name)[0];
  // Apple's labels: item1.X-ABLabel names item1.TEL
  const labels = new Map<string, string>();
  for (const p of all('x-ablabel')) if (p[1].group) labels.set(String(p[1].group), text(p[3]));
  const labelsOf = (p: JProp) => [...typesOf(p), ...(p[1].group && labels.has(String(p[1].group)) ? [labels.get(String(p[1].group))!] : [])];

  const raw: RawContact = emptyRaw();
  raw.fullName = textOf(first('fn'));
  const [lastName, firstName, middleName, prefix] = components(first('n'));
  const suffix = components(first('n'), ', ')[4];
  Object.assign(raw, { lastName, firstName, middleName, prefix, suffix });
  raw.nickname = text(first('nickname')?.[3]);
  raw.birthday = textOf(first('bday'));
  raw.gender = components(first('gender'))[0];
  raw.notes = textOf(first('note'));
  const photo = first('photo');
  if (photo && photo[2] === 'uri') raw.photo = text(photo[3]);
  const [organizationName, ...departments] = components(first('org'));
  raw.organizationName = organizationName;
  raw.organizationDepartment = departments.filter(Boolean).join(', ');
  raw.organizationTitle = textOf(first('title'));

  raw.phones = all('tel').map((p) => ({ labels: labelsOf(p), value: text(p[3]), primary: isPreferred(p) }));
  raw.emails = all('email').map((p) => ({ labels: labelsOf(p), value: text(p[3]), primary: isPreferred(p) }));
  raw.websites = all('url').map((p) => ({ labels: labelsOf(p), value: text(p[3]), primary: isPreferred(p) }));
  raw.addresses = all('adr').map((p) => {
    const [pobox, extended, street, city, region, postalCode, country] = components(p, ', ');
    return { labels: labelsOf(p), primary: isPreferred(p), pobox, extended, street, city, region, postalCode, country };
  });
  return assemble(raw);
}

/** ical.js explains in English: the reason a person reads is French, quoting the line at fault. */
export function vcardProblem(e: unknown): string {
  const message = e instanceof Error ? e.message : String(e);
  const quoted = /["']([^]*)["']\s*$/.exec(message)?.[1];
  const line = quoted ? ` : « ${quoted.length > 80 ? `${quoted.slice(0, 80)}…` : quoted} »` : '';
  if (/no token/.test(message)) return `ligne sans « : »${line}`;
  if (/double quote/.test(message)) return `guillemet non fermé${line}`;
  if (/parameter/i.test(message)) return `paramètre mal formé${line}`;
  return `contenu non reconnu${line}`;
}

/** Every card of a vCard file; 400 when there is none. */
export function readVcards(content: string): ReadRow[] {
  const cards = splitCards(content);
  if (cards.length === 0) {
    throw badRequest('Aucune fiche vCard dans ce fichier (BEGIN:VCARD … END:VCARD attendus).', [{ field: 'content', message: 'aucune fiche vCard' }]);
  }
  return cards.map((card, i) => {
    try {
      return { row: i + 1, ...readCard(card) };
    } catch (e) {
      return { row: i + 1, source: null, warnings: [], skipReason: `Fiche vCard illisible : ${vcardProblem(e)}.` };
    }
  });
}
