/**
 * Upload routes are not transactional (`transactional: false`): a transaction opened while the
 * bytes arrive would hold the SQLite writer (or a MySQL connection) for as long as the slowest
 * client takes to send its files. They stream to storage first, then record the result here, in
 * one short transaction with the same caller, whose events are published after its commit —
 * exactly what the request layer does for other writes.
 */
import type Koa from 'koa';
import type { Knex } from 'knex';
import type { CallContext, RequestContext } from '@comptoir/sdk';
import { Call, type LoadedPlugin } from '../../../plugins/call.ts';
import { writeTransactionConfig } from '../../../db/connect.ts';
import type { EventBus } from '../../../events/bus.ts';
import type { FileStorage } from '../../../storage/file-storage.ts';
import type { Config } from '../../../config.ts';
import type { IncomingMessage } from 'node:http';
import { removeKeys } from './attachment-release.ts';

interface KernelHandles { db: Knex; plugins: Map<string, LoadedPlugin>; events: EventBus }

const handles = (req: RequestContext) => (req.raw as Koa.Context).app.context.kernel as KernelHandles;

/** The raw Node request of an upload route (its body is a multipart stream, read by busboy). */
export const nodeRequest = (req: RequestContext): IncomingMessage => (req.raw as Koa.Context).req;

export const storageOf = (req: RequestContext) => req.resolve<FileStorage>('storage');

export function uploadLimits(req: RequestContext) {
  const config = req.resolve<Config>('config');
  return { fileSize: config.uploadFileLimit, requestSize: config.uploadRequestLimit, maxFiles: config.uploadMaxFiles };
}

/**
 * Runs `write` in a transaction as the route's caller and publishes its events after the commit;
 * if it fails, the stored `keys` are removed before the error goes on.
 */
export async function commitUpload<T>(req: RequestContext, keys: readonly string[], write: (ctx: CallContext) => Promise<T>): Promise<T> {
  const { db, plugins, events } = handles(req);
  let call!: Call;
  let result: T;
  try {
    result = await db.transaction(async (trx) => {
      call = new Call(plugins, { requestId: req.requestId, caller: req.caller, db: trx, log: req.log, now: req.now });
      return write(call.context('kernel'));
    }, writeTransactionConfig(db));
  } catch (e) {
    await removeKeys(storageOf(req), keys);
    throw e;
  }
  await events.publish(call.events);
  return result;
}
