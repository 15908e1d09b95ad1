import type { FastifyInstance, FastifyReply } from 'fastify';
import * as contracts from '../../../shared/contracts/exports.contracts';
import type { AppContext } from '../../context';
import { route } from '../../lib/route';
import { actorOf } from '../../plugins/auth.plugin';
import type { ExportFile } from './export-file';
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
      .header('content-disposition', `attachment; filename="${file.filename}"`)
      // Personal data: never kept by a shared cache or the browser's.
      .header('cache-control', 'no-store')
      .send(file.body)
  );
}

/** Data exports: users, establishments, an establishment's followers, one user's data (issue 12). */
export async function exportRoutes(app: FastifyInstance, ctx: AppContext) {
  route(app, contracts.exportUsers, {
    handler: async (request, reply) =>
      sendFile(reply, await exports.exportUsers(ctx, actorOf(request), request.query)),
  });

  route(app, contracts.exportEstablishments, {
    handler: async (request, reply) =>
      sendFile(reply, await exports.exportEstablishments(ctx, actorOf(request), request.query.format)),
  });

  route(app, contracts.exportFollowers, {
    handler: async (request, reply) =>
      sendFile(reply, await exports.exportFollowers(ctx, actorOf(request), request.query)),
  });

  route(app, contracts.exportUserData, {
    handler: async (request, reply) =>
      sendFile(
        reply,
        await personal.exportUserData(ctx, actorOf(request), request.params.id, request.query.format),
      ),
  });

  route(app, contracts.exportMyData, {
    handler: async (request, reply) =>
      sendFile(reply, await personal.exportMyData(ctx, actorOf(request), request.query.format)),
  });
}
