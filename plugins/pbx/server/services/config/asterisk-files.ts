/**
 * Asterisk's configuration files for one server (README « Asterisk side »), as plain functions of
 * the stored records: `extensions.conf` (the contexts written to the `extensions` file — their props,
 * or the AGI hook when they have none —, the hang-up context and the dial plans) and `pjsip.conf`
 * (transport, the operator's SIP numbers with their registration, the phones). Contexts whose
 * `file` names another file (`sip` by default) are sections of that file: `sip` and `pjsip` go to
 * pjsip.conf; any other name to `<file>.conf`.
 */
import type { Context, DialPlan, PbxUser, Prop, Server, SipNumber } from '../../../schemas/index.ts';
import { DEFAULTS } from '../routing/nodes.ts';

export const HOOK_CONTEXT = 'atmos-incoming';

/** The dialplan lines that hand a call to Comptoir's FastAGI bridge (the « atmos » props by default). */
export function agiHookProps(): Prop[] {
  return [
    { name: 'exten', symbol: 'arrow', value: '_X.,1,NoOp(Comptoir ${CALLERID(num)} -> ${EXTEN})' },
    { name: 'same', symbol: 'arrow', value: 'n,AGI(${COMPTOIR_AGI})' },
    { name: 'same', symbol: 'arrow', value: 'n,Hangup()' },
    { name: 'exten', symbol: 'arrow', value: 's,1,AGI(${COMPTOIR_AGI})' },
    { name: 'same', symbol: 'arrow', value: 'n,Hangup()' },
  ];
}

/** The lines of the phones' own context: dial another phone by its number. */
export function localProps(): Prop[] {
  return [
    { name: 'exten', symbol: 'arrow', value: `_X.,1,Dial(PJSIP/\${EXTEN},${DEFAULTS.ringSeconds})` },
    { name: 'same', symbol: 'arrow', value: 'n,Hangup()' },
  ];
}

const HEADER = (file: string) => `; ${file} — écrit par Comptoir (Téléphonie) : ne pas modifier à la main, il sera remplacé.\n`;
const line = (p: Prop) => `${p.name} ${p.symbol === 'arrow' ? '=>' : '='} ${p.value}`;
/** Values come from validated records (no line breaks); this keeps a stray one from opening a section. */
const clean = (v: string | number | undefined | null) => String(v ?? '').replace(/[\r\n]/g, ' ');

export function agiAddress(server: Pick<Server, 'host' | 'port' | 'secretKey'>): string {
  return `agi://${server.host}:${server.port}/comptoir?key=${server.secretKey}`;
}

export function extensionsConf(server: Server, contexts: Context[], dialPlans: DialPlan[]): string {
  const out = [HEADER('extensions.conf'), '[general]', 'static=yes', 'writeprotect=yes', '', '[globals]', `COMPTOIR_AGI=${clean(agiAddress(server))}`, ''];
  const named = new Set<string>();
  for (const c of contexts.filter((x) => x.file === 'extensions')) {
    named.add(c.name);
    out.push(`[${c.name}]${c.description ? ` ; ${clean(c.description)}` : ''}`);
    for (const p of c.props.length ? c.props : agiHookProps()) out.push(clean(line(p)));
    out.push('');
  }
  if (!named.has(HOOK_CONTEXT)) out.push(`[${HOOK_CONTEXT}]`, ...agiHookProps().map(line), '');
  if (!named.has('local')) out.push('[local]', ...localProps().map(line), '');
  out.push(`[${DEFAULTS.hangUpContext}]`, 'exten => s,1,Hangup()', 'exten => _X.,1,Hangup()', '');
  for (const d of dialPlans) {
    out.push(`[${d.name}]${d.description ? ` ; ${clean(d.description)}` : ''}`);
    for (const e of d.extens) {
      out.push(clean(`exten => ${e.number},${e.priority}${e.priorityName ? `(${e.priorityName})` : ''},${e.action}`) + (e.description ? ` ; ${clean(e.description)}` : ''));
    }
    out.push('');
  }
  return out.join('\n');
}

const trunk = (n: SipNumber) => `trunk-${n.number.replace(/[^0-9A-Za-z]/g, '')}`;

export function pjsipConf(users: PbxUser[], numbers: SipNumber[], contexts: Context[]): string {
  const port = numbers[0]?.port ?? 5060;
  const out = [HEADER('pjsip.conf'), '[transport-udp]', 'type=transport', 'protocol=udp', `bind=0.0.0.0:${port}`, ''];
  for (const n of numbers) {
    const name = trunk(n);
    const uri = `sip:${n.domain}:${n.port}`;
    out.push(
      `[${name}]`, 'type=registration', `outbound_auth=${name}-auth`, `server_uri=${uri}`, `client_uri=sip:${n.number}@${n.domain}:${n.port}`,
      `expiration=${n.expiry}`, 'retry_interval=60', '',
      `[${name}-auth]`, 'type=auth', 'auth_type=userpass', `username=${clean(n.number)}`, `password=${clean(n.password)}`, '',
      `[${name}-aor]`, 'type=aor', `contact=${uri}`, '',
      `[${name}]`, 'type=endpoint', `context=${HOOK_CONTEXT}`, 'disallow=all', 'allow=alaw,ulaw', `outbound_auth=${name}-auth`,
      `aors=${name}-aor`, `from_user=${clean(n.number)}`, `from_domain=${n.domain}`, '',
      `[${name}-identify]`, 'type=identify', `endpoint=${name}`, `match=${n.domain}`, '',
    );
  }
  for (const u of users) {
    // chan_sip's words as the spec keeps them: type friend = one endpoint both ways; host dynamic = the phone registers
    out.push(`[${u.username}]`, 'type=endpoint', `context=${u.context}`, 'disallow=all', 'allow=alaw,ulaw', `auth=${u.username}-auth`, `aors=${u.username}`);
    if (u.callerid) out.push(`callerid=${clean(u.callerid)} <${u.number}>`);
    if (u.mailbox) out.push(`mailboxes=${clean(u.mailbox.startsWith('@') ? `${u.number}${u.mailbox}` : u.mailbox)}`);
    for (const p of u.props) out.push(clean(line(p)));
    out.push('', `[${u.username}-auth]`, 'type=auth', 'auth_type=userpass', `username=${u.username}`, `password=${u.secret}`, '');
    out.push(`[${u.username}]`, 'type=aor', ...(u.host === 'dynamic' ? ['max_contacts=1', 'remove_existing=yes'] : [`contact=sip:${u.username}@${clean(u.host)}`]), '');
  }
  for (const c of contexts.filter((x) => x.file === 'sip' || x.file === 'pjsip')) {
    out.push(`[${c.name}]${c.description ? ` ; ${clean(c.description)}` : ''}`, ...c.props.map((p) => clean(line(p))), '');
  }
  return out.join('\n');
}

/** Every file of a server: extensions.conf, pjsip.conf and one per other `file` its contexts name. */
export function asteriskFiles(server: Server, input: { contexts: Context[]; dialPlans: DialPlan[]; users: PbxUser[]; numbers: SipNumber[] }): Record<string, string> {
  const files: Record<string, string> = {
    'extensions.conf': extensionsConf(server, input.contexts, input.dialPlans),
    'pjsip.conf': pjsipConf(input.users, input.numbers, input.contexts),
  };
  const others = new Set(input.contexts.map((c) => c.file).filter((f) => !['extensions', 'sip', 'pjsip'].includes(f)));
  for (const f of others) {
    const out = [HEADER(`${f}.conf`)];
    for (const c of input.contexts.filter((x) => x.file === f)) out.push(`[${c.name}]`, ...c.props.map((p) => clean(line(p))), '');
    files[`${f}.conf`] = out.join('\n');
  }
  return files;
}
