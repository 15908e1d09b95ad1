import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import * as contracts from '../../../shared/contracts/email-complaints.contracts';
import { ErrorCode } from '../../../shared/errors';
import type { AppContext } from '../../context';
import { AppError } from '../../lib/app-error';
import { route } from '../../lib/route';
import { actorOf } from '../../plugins/auth.plugin';
import * as complaints from './complaints.service';
import * as pauses from './email-pauses.service';

/** An ARF report holds the reported message whole: room for a large one, not for anything. */
const ARF_BODY_LIMIT = 2 * 1024 * 1024;

const digest = (value: string) => createHash('sha256').update(value).digest();

/** The secret a request presents: `Bearer <secret>`, or the password of `Basic` (any user name). */
function presentedSecret(request: FastifyRequest): string | null {
  const header = request.headers.authorization ?? '';
  const [scheme = '', value = ''] = header.split(/\s+/, 2);
  if (scheme.toLowerCase() === 'bearer') return value;
  if (scheme.toLowerCase() === 'basic') {
    const decoded = Buffer.from(value, 'base64').toString('utf8');
    return decoded.includes(':') ? decoded.slice(decoded.indexOf(':') + 1) : null;
  }
  return null;
}

/**
 * The ARF endpoint's caller is the feedback loop's forwarder, authorized by COMPLAINTS_SECRET
 * before its body is read (checked on digests: equal lengths, constant time).
 */
function authorizeForwarder(ctx: AppContext, request: FastifyRequest): void {
  const secret = complaints.arfSecret(ctx);
  const presented = presentedSecret(request);
  if (presented === null) {
    throw new AppError(
      401,
      ErrorCode.UNAUTHORIZED,
      'Send COMPLAINTS_SECRET as `Authorization: Bearer <secret>` or as the password of basic auth.',
    );
  }
  if (!timingSafeEqual(digest(presented), digest(secret))) {
    throw new AppError(401, ErrorCode.UNAUTHORIZED, 'The secret does not match COMPLAINTS_SECRET.');
  }
}

/**
 * Spam complaints from mail providers: ARF reports (raw MIME) and Mailgun's event webhook, both
 * machine callers proving themselves by a secret or a signature (not a session); and the admins'
 * list of paused businesses and the lifting of a pause.
 */
export async function complaintRoutes(app: FastifyInstance, ctx: AppContext) {
  // A report is read as the bytes it is; text/plain too (a forwarder may label it so), here only.
  app.removeContentTypeParser('text/plain');
  app.addContentTypeParser(
    [...contracts.ARF_MEDIA_TYPES],
    { parseAs: 'buffer', bodyLimit: ARF_BODY_LIMIT },
    (_request, body, done) => done(null, body),
  );
  app.addHook('onRequest', async (request) => {
    if (request.routeOptions.config.operationId === contracts.reportArfComplaint.operationId) {
      authorizeForwarder(ctx, request);
    }
  });

  // Providers report in bursts; a forged caller is refused before its body is read.
  const machines = { rateLimit: { max: 600, timeWindow: '1 minute' } };
  route(app, contracts.reportArfComplaint, {
    config: machines,
    handler: async (request) => complaints.receiveArf(ctx, request.body),
  });

  route(app, contracts.reportMailgunComplaint, {
    config: machines,
    handler: async (request) => complaints.receiveMailgun(ctx, request.body),
  });

  route(app, contracts.listEmailPauses, {
    handler: async (request) => pauses.listPauses(ctx, actorOf(request)),
  });

  route(app, contracts.liftEmailPause, {
    handler: async (request) => ({
      message: await pauses.liftPause(ctx, actorOf(request), request.params.id),
    }),
  });
}
