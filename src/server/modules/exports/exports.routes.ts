import type { FastifyInstance, FastifyReply } from 'fastify';
import * as contracts from '../../../shared/contracts/exports.contracts';
import { ErrorCode } from '../../../shared/errors';
import { Msg } from '../../../shared/messages';
import type { AppContext } from '../../context';
import { AppError } from '../../lib/app-error';
import { route } from '../../lib/route';
import { actorOf } from '../../plugins/auth.plugin';
import type { ExportFile } from './export-file';
import { ExportSlots } from './export-slots';
import * as exports from './exports.service';
import * as personal from './personal-data.service';

/**
 * Send an export as a download. The body is a Node stream: Fastify pipes a stream as it is (its
 * serializer, and so the contract's response schema, applies only to objects), honouring the
 * socket's backpressure, and @fastify/compress compresses it on the way. Every check (rights, the
 * establishment or user exists, the audit record) is done before, so a refusal is still a JSON
 * error; once bytes flow, a failure can only cut the download short.
 */
function sendFile(reply: FastifyReply, file: ExportFile): FastifyReply {
  return (
    reply
      .header('content-type', file.contentType)
      .header('content-disposition', file.disposition)
      // Personal data: never kept by a shared cache or the browser's.
      .header('cache-control', 'no-store')
      .send(file.body)
  );
}

/** What a refused export is told to wait before trying again. */
const RETRY_AFTER_SECONDS = 30;

/** Data exports: users, establishments, an establishment's followers, one user's data. */
export async function exportRoutes(app: FastifyInstance, ctx: AppContext) {
  const slots = new ExportSlots(ctx.config.exportConcurrency);

  /** Produce and send an export once one of the slots is free; the slot is freed when the download ends. */
  async function sendExport(reply: FastifyReply, owner: string, produce: () => Promise<ExportFile>) {
    const slot = await slots.take(owner);
    if ('refused' in slot) {
      if (slot.refused === 'mine') throw new AppError(429, ErrorCode.RATE_LIMITED, Msg.exportStillRunning);
      reply.header('retry-after', RETRY_AFTER_SECONDS);
      throw new AppError(429, ErrorCode.RATE_LIMITED, Msg.exportsBusy);
    }
    let file: ExportFile;
    try {
      file = await produce();
    } catch (error) {
      slot.release();
      throw error;
    }
    // Read to its end: 'end' comes before the response finishes (stream.finished waits for 'close',
    // after it: an export asked for right after the last byte would find the slot still taken).
    // Cut short, or the client gone: 'close'.
    file.body.once('end', slot.release).once('close', slot.release);
    return sendFile(reply, file);
  }

  route(app, contracts.exportUsers, {
    handler: async (request, reply) => {
      const actor = actorOf(request);
      return sendExport(reply, actor.id, () => exports.exportUsers(ctx, actor, request.query));
    },
  });

  route(app, contracts.exportEstablishments, {
    handler: async (request, reply) => {
      const actor = actorOf(request);
      return sendExport(reply, actor.id, () =>
        exports.exportEstablishments(ctx, actor, request.query.format),
      );
    },
  });

  route(app, contracts.exportFollowers, {
    handler: async (request, reply) => {
      const actor = actorOf(request);
      return sendExport(reply, actor.id, () => exports.exportFollowers(ctx, actor, request.query));
    },
  });

  route(app, contracts.exportUserData, {
    handler: async (request, reply) => {
      const actor = actorOf(request);
      return sendExport(reply, actor.id, () =>
        personal.exportUserData(ctx, actor, request.params.id, request.query.format),
      );
    },
  });

  route(app, contracts.exportMyData, {
    handler: async (request, reply) => {
      const actor = actorOf(request);
      return sendExport(reply, actor.id, () => personal.exportMyData(ctx, actor, request.query.format));
    },
  });
}
