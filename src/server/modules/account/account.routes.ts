import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import * as contracts from '../../../shared/contracts/account.contracts';
import { ErrorCode } from '../../../shared/errors';
import { Msg } from '../../../shared/messages';
import type { AppContext } from '../../context';
import { AppError } from '../../lib/app-error';
import { removeStoredOnFailure } from '../../lib/images';
import { route } from '../../lib/route';
import { withImageUpload } from '../../lib/uploads';
import { actorOf } from '../../plugins/auth.plugin';
import { perIpPerMinute, uploadsPerUser } from '../../plugins/rate-limit.plugin';
import * as account from './account.service';
import { deleteOwnAccount } from './account-delete.service';
import * as appHandoff from './app-handoff.service';
import { manifestForBusiness, manifestWithHandoff } from './app-manifest';

/** The spec's account calls (section 7) and the account features around them. */
export async function accountRoutes(app: FastifyInstance, ctx: AppContext) {
  const perMinute = ctx.config.loginRateLimitPerMinute;
  // Per IP (route config) and per email address (preHandler), for sign-in and reset requests.
  // Not `app.rateLimit()`: its handler skips a request the route's per-IP limit already counted,
  // so the per-email limit would never apply.
  const perEmail = (group: string) => {
    const limit = app.createRateLimit({
      max: perMinute,
      timeWindow: 60_000,
      keyGenerator: (request) =>
        `${group}:${String((request.body as { email?: unknown })?.email ?? '').toLowerCase()}`,
    });
    return async (request: FastifyRequest, reply: FastifyReply) => {
      const result = await limit(request);
      if (!result.isAllowed && result.isExceeded) {
        reply.header('retry-after', result.ttlInSeconds);
        throw new AppError(429, ErrorCode.RATE_LIMITED, Msg.rateLimited);
      }
    };
  };
  const perIp = { rateLimit: { max: perMinute * 3, timeWindow: 60_000 } };
  // Who is signed in on this device, when a valid token comes along (a guest follower registering or
  // signing in, whose follows the account takes); an invalid one is no reason to refuse.
  const deviceSession = async (request: FastifyRequest, reply: FastifyReply) => {
    if (!request.headers.authorization) return;
    try {
      await app.authenticate(request, reply);
    } catch {
      request.actor = null;
    }
  };
  const userAgent = (ua: string | undefined) => ua ?? '';

  route(app, contracts.login, {
    config: perIp,
    preHandler: [perEmail('login'), deviceSession],
    handler: async (request) =>
      account.login(
        ctx,
        request.body,
        { userAgent: userAgent(request.headers['user-agent']) },
        request.actor ?? undefined,
      ),
  });

  route(app, contracts.getCurrentUser, {
    handler: async (request) => ({ user: await account.me(ctx, actorOf(request)) }),
  });

  route(app, contracts.registerAccount, {
    config: perIp,
    preHandler: deviceSession,
    handler: async (request, reply) => {
      const registered = await account.register(
        ctx,
        request.body,
        { userAgent: userAgent(request.headers['user-agent']) },
        request.actor ?? undefined,
      );
      reply.status(201);
      return { ...registered, message: Msg.registered };
    },
  });

  route(app, contracts.verifyEmail, {
    // Tokens are long and random; the limit keeps guessing (and the hashing per guess) cheap for us.
    config: perIp,
    handler: async (request) =>
      account.verifyEmail(ctx, request.actor, request.body.token, {
        userAgent: userAgent(request.headers['user-agent']),
      }),
  });

  route(app, contracts.startAppHandoff, {
    config: { rateLimit: { max: 10, timeWindow: 60_000 } },
    handler: async (request, reply) => {
      reply.status(201);
      return appHandoff.startAppHandoff(ctx, actorOf(request));
    },
  });

  route(app, contracts.takeAppHandoff, {
    // Codes are long and random, like emailed tokens: the limit keeps guessing cheap for us.
    config: perIp,
    handler: async (request) =>
      appHandoff.takeAppHandoff(ctx, request.body.code, {
        userAgent: userAgent(request.headers['user-agent']),
      }),
  });

  route(app, contracts.getAppManifest, {
    config: { rateLimit: perIpPerMinute(ctx.config.publicRateLimitPerMinute) },
    handler: async (request, reply) => {
      const { handoff, business } = request.query;
      if (handoff) {
        // The code is the person's: no cache anywhere keeps it.
        reply.header('cache-control', 'no-store');
        return reply.type('application/manifest+json').send(manifestWithHandoff(handoff));
      }
      reply.header('cache-control', 'public, max-age=3600');
      return reply.type('application/manifest+json').send(manifestForBusiness(business!));
    },
  });

  route(app, contracts.resendVerification, {
    config: { rateLimit: { max: 5, timeWindow: 60_000 } },
    handler: async (request) => ({ message: await account.resendVerification(ctx, actorOf(request)) }),
  });

  route(app, contracts.updateProfile, {
    // Per IP like the password change: an email change checks the current password.
    config: perIp,
    handler: async (request) => ({
      user: await account.updateProfile(ctx, actorOf(request), request.body),
      message: Msg.profileUpdated,
    }),
  });

  route(app, contracts.changePassword, {
    config: perIp,
    handler: async (request) => ({
      message: Msg.passwordUpdated,
      accessToken: await account.changePassword(ctx, actorOf(request), request.body, {
        userAgent: userAgent(request.headers['user-agent']),
      }),
    }),
  });

  route(app, contracts.forgotPassword, {
    config: perIp,
    preHandler: perEmail('forgot'),
    handler: async (request) => {
      await account.forgotPassword(ctx, request.body.email);
      return { message: Msg.resetLinkSent };
    },
  });

  route(app, contracts.resetPassword, {
    config: perIp,
    handler: async (request) => {
      await account.resetPassword(ctx, request.body);
      return { message: Msg.passwordUpdated };
    },
  });

  route(app, contracts.logout, {
    handler: async (request) => {
      await account.logout(ctx, actorOf(request));
      return { message: Msg.loggedOut };
    },
  });

  route(app, contracts.logoutAll, {
    handler: async (request) => {
      await account.logoutEverywhere(ctx, actorOf(request));
      return { message: Msg.loggedOutEverywhere };
    },
  });

  route(app, contracts.uploadAvatar, {
    config: { rateLimit: uploadsPerUser(ctx) },
    handler: async (request) =>
      withImageUpload(request, ctx.config.dataDir, ({ file }) =>
        removeStoredOnFailure(request.log, async () => ({
          user: await account.setAvatar(ctx, actorOf(request), file),
          message: Msg.profileUpdated,
        })),
      ),
  });

  route(app, contracts.deleteAccount, {
    // Per IP like the password change: it checks the current password.
    config: perIp,
    handler: async (request) => {
      await deleteOwnAccount(ctx, actorOf(request), request.body);
      return { message: Msg.accountDeleted };
    },
  });

  route(app, contracts.getPublicConfig, {
    handler: async () => ({
      supportEmail: ctx.config.supportEmail,
      androidAppUrl: ctx.config.androidAppUrl,
      publicUrl: ctx.config.publicUrl,
      signInProvider: ctx.config.oidc ? { name: ctx.config.oidc.displayName } : null,
    }),
  });
}
