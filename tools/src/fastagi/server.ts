/**
 * The FastAGI bridge between Asterisk and Comptoir (plugins/pbx README « Asterisk side »). Asterisk's
 * dialplan runs `AGI(agi://<host>:12020/comptoir?key=<the server's secretKey>)`; for each step of the
 * call the bridge sends IncomingCallContextRequestData to `POST /api/pbx/incoming` and turns the
 * GotoInfo answered into AGI commands: speak (espeak-ng, cached) or play, collect keys, ring SIP
 * phones, wait, jump to a dialplan context, hang up. A malformed session, a wrong key, an
 * unreachable or refusing Comptoir: the channel is hung up cleanly, the bridge goes on.
 */
import net from 'node:net';
import { timingSafeEqual } from 'node:crypto';
import { AgiProtocolError, AgiSession, DEFAULT_LIMITS, scriptParams, type AgiLimits } from './protocol.ts';
import type { Tts } from './tts.ts';

export const DEFAULT_FASTAGI_PORT = 12020;
export const HANG_UP_CONTEXT = 'atmos-hang-up';
/** a call that takes more steps than this is looping: it is hung up */
export const MAX_STEPS_PER_CALL = 500;

export interface GotoInfo {
  context: string; exten: string; priority: number;
  audioFile?: string | null; ttsMessage?: string | null; delay?: number | null; dialSip?: string | null; collectDigits?: number;
}

export interface BridgeOptions {
  port?: number;
  host?: string;
  /** the Server's secretKey: sessions without it are hung up */
  key: string;
  api: { url: string; token: string; company: string; timeoutMs?: number };
  tts: Tts;
  limits?: Partial<AgiLimits>;
  /** milliseconds GET DATA waits for keys */
  digitTimeoutMs?: number;
  log?: (event: BridgeEvent) => void;
  /** the clock whose date each request carries (tests replay calls at night) */
  now?: () => Date;
}

export interface BridgeEvent { kind: 'session' | 'hang-up' | 'left' | 'refused' | 'error'; callid?: string; reason?: string }

const SAFE_FILE = /^[A-Za-z0-9_/.-]{1,255}$/;
const SAFE_NAME = /^[A-Za-z0-9_.@+*#-]{1,80}$/;
const SAFE_DIAL = /^[A-Za-z0-9_/&@.:+-]{1,2000}$/;

function sameKey(a: string, b: string): boolean {
  const x = Buffer.from(a); const y = Buffer.from(b);
  return x.length === y.length && x.length > 0 && timingSafeEqual(x, y);
}

class Refusal extends Error { override name = 'Refusal'; }

export async function startFastAgiBridge(options: BridgeOptions) {
  const limits = { ...DEFAULT_LIMITS, ...options.limits };
  const log = options.log ?? (() => {});
  const stats = { sessions: 0, hangUps: 0, left: 0, refused: 0, errors: 0, steps: 0 };
  const open = new Set<net.Socket>();

  /** Tells Comptoir the caller left (best effort: the call is marked ended; a failure only leaves it live). */
  async function tellHungUp(callid: string): Promise<void> {
    try {
      await fetch(`${options.api.url.replace(/\/$/, '')}/api/pbx/hang-ups`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${options.api.token}`, 'at-company': options.api.company },
        body: JSON.stringify({ callid }),
        signal: AbortSignal.timeout(options.api.timeoutMs ?? 10_000),
      });
    } catch { /* Comptoir unreachable: the call stays « en cours » until someone looks */ }
  }

  async function ask(body: Record<string, unknown>): Promise<GotoInfo> {
    const res = await fetch(`${options.api.url.replace(/\/$/, '')}/api/pbx/incoming`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${options.api.token}`, 'at-company': options.api.company },
      body: JSON.stringify(body),
      signal: AbortSignal.timeout(options.api.timeoutMs ?? 10_000),
    });
    const answer = await res.json().catch(() => null) as (GotoInfo & { message?: string }) | null;
    if (!res.ok || !answer) throw new Refusal(`Comptoir a répondu ${res.status}${answer?.message ? ` : ${answer.message}` : ''}`);
    return answer;
  }

  async function handle(socket: net.Socket): Promise<void> {
    const session = new AgiSession(socket, limits);
    let callid: string | undefined;
    try {
      const env = await session.readEnvironment();
      stats.sessions++;
      if (!sameKey(scriptParams(env).get('key') ?? '', options.key)) throw new Refusal('clé de la passerelle absente ou fausse');
      callid = env.uniqueid;
      if (!callid || !env.context) throw new Refusal('agi_uniqueid ou agi_context manquant');
      log({ kind: 'session', callid });
      const caller = env.callerid && env.callerid !== 'unknown' ? env.callerid : '';
      let input = '';
      for (let step = 0; step < MAX_STEPS_PER_CALL; step++) {
        if (session.hungUp) {
          stats.left++;
          log({ kind: 'left', callid, reason: 'l’appelant a raccroché' });
          session.end();
          return await tellHungUp(callid);
        }
        const goto = await ask({
          context: env.context, caller, exten: env.extension ?? '', callid, input, ip: socket.remoteAddress ?? '', date: (options.now?.() ?? new Date()).toISOString(),
        });
        stats.steps++;
        input = '';
        if (goto.context === HANG_UP_CONTEXT) break;
        const prompt = goto.ttsMessage ? await options.tts.speak(goto.ttsMessage) : goto.audioFile || null;
        if (prompt) {
          if (!SAFE_FILE.test(prompt)) throw new Refusal(`fichier audio refusé « ${prompt} »`);
          if (goto.collectDigits && goto.collectDigits > 0) {
            const r = await session.command(`GET DATA ${prompt} ${options.digitTimeoutMs ?? 5000} ${goto.collectDigits}`);
            if (r.code !== 200 || r.result === '-1') { session.hungUp = true; continue; }
            input = /^[0-9*#]+$/.test(r.result) ? r.result : '';
          } else {
            const r = await session.command(`STREAM FILE ${prompt} ""`);
            if (r.code !== 200 || r.result === '-1') { session.hungUp = true; continue; }
          }
        }
        if (goto.dialSip) {
          if (!SAFE_DIAL.test(goto.dialSip)) throw new Refusal('postes à appeler refusés');
          await session.command(`EXEC Dial ${goto.dialSip},${goto.delay ?? 60}`);
          const status = await session.command('GET VARIABLE DIALSTATUS');
          // answered: the conversation took place in Dial, the call is over
          if (/\(ANSWER\)/.test(status.data)) break;
          continue;
        }
        if (prompt) {
          if (goto.delay && goto.delay > 0) await session.command(`EXEC Wait ${Math.min(goto.delay, 3600)}`);
          continue;
        }
        if (goto.context) {
          if (!SAFE_NAME.test(goto.context) || !SAFE_NAME.test(String(goto.exten || 's'))) throw new Refusal('contexte refusé');
          await session.command(`SET CONTEXT ${goto.context}`);
          await session.command(`SET EXTENSION ${goto.exten || 's'}`);
          await session.command(`SET PRIORITY ${goto.priority || 1}`);
          // the AGI ends here; Asterisk continues the dialplan at that context
          log({ kind: 'left', callid, reason: `contexte ${goto.context}` });
          stats.left++;
          return session.end();
        }
        break;
      }
      stats.hangUps++;
      log({ kind: 'hang-up', callid });
      await session.hangUpAndClose();
    } catch (e) {
      const reason = e instanceof Error ? e.message : String(e);
      // the connection dropped mid-call (the caller hung up): Comptoir hears of it
      if (callid && (session.hungUp || session.isClosed)) void tellHungUp(callid);
      if (e instanceof Refusal || e instanceof AgiProtocolError) stats.refused++; else stats.errors++;
      log({ kind: e instanceof Refusal || e instanceof AgiProtocolError ? 'refused' : 'error', callid, reason });
      await session.hangUpAndClose();
    }
  }

  const server = net.createServer((socket) => {
    open.add(socket);
    socket.on('close', () => open.delete(socket));
    socket.on('error', () => { /* handled by the session */ });
    void handle(socket);
  });
  server.maxConnections = 2000;
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? DEFAULT_FASTAGI_PORT, options.host ?? '0.0.0.0', () => { server.off('error', reject); resolve(); });
  });
  const address = server.address() as net.AddressInfo;
  return {
    port: address.port,
    stats,
    async close(): Promise<void> {
      for (const s of open) s.destroy();
      await new Promise<void>((r) => server.close(() => r()));
    },
  };
}

export type FastAgiBridge = Awaited<ReturnType<typeof startFastAgiBridge>>;
