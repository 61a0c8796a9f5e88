/**
 * A real SMTP server on loopback (smtp-server) that keeps what it receives, parsed by mailparser:
 * the one way tests read the mails the kernel sends (subject and bodies decoded, attachments with
 * their bytes), whatever the transfer encoding nodemailer chose.
 */
import { SMTPServer } from 'smtp-server';
import { simpleParser, type ParsedMail } from 'mailparser';

export interface ReceivedMail {
  /** envelope sender */
  from: string;
  /** envelope recipients */
  to: string[];
  raw: string;
  mail: ParsedMail;
}

export interface SmtpSink {
  port: number;
  /** every accepted message, in arrival order (tests empty it with `received.length = 0` or `take()`) */
  received: ReceivedMail[];
  /** the messages received so far, removed from `received` */
  take(): ReceivedMail[];
  /** the next `n` messages are refused with a 451 (temporary failure), as an SMTP outage would */
  refuseNext(n: number): void;
  close(): Promise<void>;
}

export async function startSmtpSink(options: { auth?: { user: string; pass: string } } = {}): Promise<SmtpSink> {
  const received: ReceivedMail[] = [];
  let refuse = 0;
  const server = new SMTPServer({
    secure: false,
    logger: false,
    disabledCommands: options.auth ? ['STARTTLS'] : ['STARTTLS', 'AUTH'],
    authOptional: !options.auth,
    allowInsecureAuth: true,
    onAuth(auth, _session, callback) {
      if (auth.username === options.auth?.user && auth.password === options.auth?.pass) return callback(null, { user: auth.username });
      return callback(new Error('Identifiants refusés'));
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        if (refuse > 0) {
          refuse--;
          return callback(Object.assign(new Error('Service indisponible, réessayez plus tard'), { responseCode: 451 }));
        }
        const raw = Buffer.concat(chunks);
        simpleParser(raw).then((mail) => {
          received.push({
            from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
            to: session.envelope.rcptTo.map((r) => r.address),
            raw: raw.toString('utf8'),
            mail,
          });
          callback();
        }, (err: Error) => callback(err));
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  return {
    port: (server.server.address() as { port: number }).port,
    received,
    take: () => received.splice(0),
    refuseNext(n) { refuse = n; },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
