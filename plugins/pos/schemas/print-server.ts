/**
 * A print server (spec §3 « Print server for receipts »): the small program of tools/ that runs on
 * the shop's network and forwards ESC/POS bytes to the printer. Its `secret` is never answered.
 */
import { Type, type Static } from '@sinclair/typebox';
import { Entity, Id, Str, Text } from '@comptoir/schemas';

export const CODEPAGES = ['windows1252', 'cp858', 'cp850'] as const;

export const PrintServer = Entity({
  name: Str({ minLength: 1 }),
  description: Type.Optional(Text()),
  /** host name or IPv4 address of the print server */
  ip: Str({ minLength: 1 }),
  port: Type.Integer({ minimum: 1, maximum: 65535, default: 9998 }),
  /** shared with the print server (`--secret`); write-only */
  secret: Str({ minLength: 8 }),
  /** HTTPS (default) or plain HTTP on a trusted network */
  secured: Type.Boolean({ default: true }),
  /** not in the spec: the printer's code page for accents and € (README « Printing ») */
  codepage: Type.Optional(Type.Unsafe<(typeof CODEPAGES)[number]>(Type.String({ enum: [...CODEPAGES], default: 'windows1252' }))),
  /** not in the spec: characters per line (42 on 80 mm paper, 32 on 58 mm) */
  columns: Type.Optional(Type.Integer({ minimum: 24, maximum: 64, default: 42 })),
  /** not in the spec: the PEM certificate the print server presents, trusted for this server only */
  certificate: Type.Optional(Text()),
}, { company: Id() });
export type PrintServer = Static<typeof PrintServer>;

export const PrintServerInput = Type.Partial(Type.Pick(PrintServer, ['name', 'description', 'ip', 'port', 'secret', 'secured', 'codepage', 'columns', 'certificate']), { additionalProperties: false });
export type PrintServerInput = Static<typeof PrintServerInput>;
