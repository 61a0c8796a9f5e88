/**
 * Speaks to a FastAGI server as Asterisk does (tests, benchmarks, diagnosis without Asterisk): opens
 * the TCP connection, sends the `agi_*` environment and the empty line, then answers each command
 * the server writes with what `respond` says, until the server closes the connection.
 */
import net from 'node:net';

/** The environment Asterisk 20 sends for a call that entered `AGI(agi://host:port/comptoir?key=…)`. */
export function asteriskEnvironment(o: { port: number; key: string; uniqueid: string; callerid: string; context?: string; extension?: string }): Record<string, string> {
  return {
    network: 'yes',
    network_script: `comptoir?key=${o.key}`,
    request: `agi://127.0.0.1:${o.port}/comptoir?key=${o.key}`,
    channel: `PJSIP/trunk-33140000000-0000${o.uniqueid.replace(/\D/g, '').slice(-4)}`,
    language: 'fr',
    type: 'PJSIP',
    uniqueid: o.uniqueid,
    version: '20.5.0',
    callerid: o.callerid || 'unknown',
    calleridname: 'unknown',
    callingpres: '0',
    callingani2: '0',
    callington: '0',
    callingtns: '0',
    dnid: o.extension ?? '0140000000',
    rdnis: 'unknown',
    context: o.context ?? 'atmos-incoming',
    extension: o.extension ?? '0140000000',
    priority: '2',
    enhanced: '0.0',
    accountcode: '',
    threadid: '139872634',
  };
}

export interface Replay {
  /** every command the server wrote, in order */
  commands: string[];
  /** how the conversation ended: the server closed it, or the timeout */
  closedBy: 'server' | 'timeout';
}

/**
 * Plays one session. `respond(command)` answers a command with Asterisk's line (`200 result=0`), or
 * with null to hang up there (the connection is closed as a caller hanging up does). `preamble`
 * replaces the environment by raw text (malformed sessions).
 */
export function replayAgiSession(port: number, options: {
  env?: Record<string, string>;
  preamble?: string;
  respond: (command: string) => string | null | Promise<string | null>;
  timeoutMs?: number;
}): Promise<Replay> {
  return new Promise((resolve, reject) => {
    const commands: string[] = [];
    const socket = net.connect(port, '127.0.0.1');
    let buffer = '';
    let done = false;
    const finish = (closedBy: Replay['closedBy']) => { if (!done) { done = true; clearTimeout(timer); socket.destroy(); resolve({ commands, closedBy }); } };
    const timer = setTimeout(() => finish('timeout'), options.timeoutMs ?? 20_000);
    let chain = Promise.resolve();
    socket.setEncoding('utf8');
    socket.on('connect', () => {
      socket.write(options.preamble ?? `${Object.entries(options.env ?? {}).map(([k, v]) => `agi_${k}: ${v}`).join('\n')}\n\n`);
    });
    socket.on('data', (chunk: string) => {
      buffer += chunk;
      let nl: number;
      while ((nl = buffer.indexOf('\n')) >= 0) {
        const line = buffer.slice(0, nl);
        buffer = buffer.slice(nl + 1);
        commands.push(line);
        // answers go out in order, one per command, as Asterisk's channel thread does
        chain = chain.then(async () => {
          if (done) return;
          const answer = await options.respond(line);
          if (answer === null) { finish('server'); return; }
          if (!socket.destroyed) socket.write(`${answer}\n`);
        }).catch(reject);
      }
    });
    socket.on('close', () => { void chain.then(() => finish('server')); });
    socket.on('error', () => finish('server'));
  });
}

/** Asterisk's usual answers: files played to the end, no key, nobody picks up, hang-up accepted. */
export function asteriskAnswer(command: string, keys: string[] = []): string | null {
  if (command.startsWith('STREAM FILE')) return '200 result=0 endpos=16000';
  if (command.startsWith('GET DATA')) { const k = keys.shift(); return k ? `200 result=${k}` : '200 result= (timeout)'; }
  if (command.startsWith('EXEC Dial')) return '200 result=0';
  if (command === 'GET VARIABLE DIALSTATUS') return '200 result=1 (NOANSWER)';
  if (command.startsWith('EXEC Wait')) return '200 result=0';
  if (command.startsWith('SET ')) return '200 result=0';
  if (command === 'HANGUP') return '200 result=1';
  return '510 Invalid or unknown command';
}
