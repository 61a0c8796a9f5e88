/**
 * vCard 2.1 (Outlook, old phones) is not a syntax ical.js reads: bare parameters (`TEL;WORK;VOICE`),
 * quoted-printable values cut by soft line breaks, base64 blocks ended by a blank line. This turns
 * one 2.1 card into the 3.0 text ical.js reads, keeping only the properties the import uses.
 */
import { TextDecoder, TextEncoder } from 'node:util';

const KEPT = new Set(['N', 'FN', 'NICKNAME', 'ORG', 'TITLE', 'NOTE', 'TEL', 'EMAIL', 'ADR', 'URL', 'BDAY', 'X-ABLABEL']);

const STRUCTURED = new Set(['N', 'ADR', 'ORG']);

interface Line { group: string; name: string; params: string[]; value: string }

/** `item1.TEL;WORK;ENCODING=QUOTED-PRINTABLE:…` split at the first colon outside quotes. */
function splitLine(line: string): Line | null {
  let quoted = false;
  let colon = -1;
  for (let i = 0; i < line.length; i++) {
    if (line[i] === '"') quoted = !quoted;
    else if (line[i] === ':' && !quoted) { colon = i; break; }
  }
  if (colon < 0) return null;
  const [head, ...params] = line.slice(0, colon).split(';');
  const dot = head.lastIndexOf('.');
  return {
    group: dot >= 0 ? head.slice(0, dot) : '',
    name: (dot >= 0 ? head.slice(dot + 1) : head).toUpperCase(),
    params,
    value: line.slice(colon + 1),
  };
}

function isQuotedPrintable(line: string): boolean {
  const head = line.split(':')[0] ?? '';
  return /;\s*(ENCODING=)?QUOTED-PRINTABLE\s*(;|$)/i.test(head);
}

/** Quoted-printable bytes decoded with the card's charset (UTF-8 unless it says otherwise). */
export function decodeQuotedPrintable(value: string, charset = 'utf-8'): string {
  const bytes: number[] = [];
  for (let i = 0; i < value.length; i++) {
    const hex = value.slice(i + 1, i + 3);
    if (value[i] === '=' && /^[0-9A-Fa-f]{2}$/.test(hex)) { bytes.push(parseInt(hex, 16)); i += 2; continue; }
    bytes.push(...new TextEncoder().encode(value[i]));
  }
  let decoder: TextDecoder;
  try { decoder = new TextDecoder(charset); } catch { decoder = new TextDecoder('utf-8'); }
  return decoder.decode(new Uint8Array(bytes));
}

/** Physical lines joined into logical ones: folded lines, and quoted-printable soft breaks (`=` at the end). */
function logicalLines(card: string): string[] {
  const out: string[] = [];
  for (const physical of card.split('\n')) {
    const last = out.length - 1;
    if (last >= 0 && isQuotedPrintable(out[last]) && out[last].endsWith('=')) {
      out[last] = out[last].slice(0, -1) + physical;
    } else if (last >= 0 && /^[ \t]/.test(physical)) {
      out[last] += physical.replace(/^[ \t]/, '');
    } else if (physical.trim() !== '') {
      out.push(physical);
    }
  }
  return out;
}

export function vcard21To30(card: string): string {
  const lines: string[] = ['BEGIN:VCARD', 'VERSION:3.0'];
  for (const raw of logicalLines(card)) {
    const line = splitLine(raw);
    if (!line || !KEPT.has(line.name)) continue;
    const types: string[] = [];
    let charset = 'utf-8';
    let encoding = '';
    for (const p of line.params) {
      const eq = p.indexOf('=');
      if (eq < 0) { types.push(p.trim()); continue; }
      const key = p.slice(0, eq).trim().toUpperCase();
      const v = p.slice(eq + 1).trim();
      if (key === 'TYPE') types.push(...v.split(','));
      else if (key === 'CHARSET') charset = v;
      else if (key === 'ENCODING') encoding = v.toUpperCase();
    }
    if (encoding === 'BASE64' || encoding === 'B') continue;
    let value = line.value;
    if (encoding === 'QUOTED-PRINTABLE' || types.some((t) => t.toUpperCase() === 'QUOTED-PRINTABLE')) {
      value = decodeQuotedPrintable(value, charset);
    }
    value = value.replace(/\r\n|\r|\n/g, '\\n');
    // a 2.1 comma is text; in a 3.0 text it would separate values (in N, ADR, ORG a list is meant)
    if (!STRUCTURED.has(line.name)) value = value.replace(/(?<!\\),/g, '\\,');
    const kinds = types.filter((t) => t && t.toUpperCase() !== 'QUOTED-PRINTABLE');
    const head = `${line.group ? `${line.group}.` : ''}${line.name}${kinds.length ? `;TYPE=${kinds.join(',')}` : ''}`;
    lines.push(`${head}:${value}`);
  }
  lines.push('END:VCARD');
  return `${lines.join('\n')}\n`;
}
