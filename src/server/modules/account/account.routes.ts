import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import * as contracts from '../../../shared/contracts/account.contracts';
import { ErrorCode } from '../../../shared/errors';
import { Msg } from '../../../shared/messages';
import type { AppContext } from '../../context';
import { AppError } from '../../lib/app-error';
import { deviceTimeZoneOf } from '../../lib/device-time-zone';
import { removeStoredOnFailure } from '../../lib/images';
import { route } from '../../lib/route';
import { withImageUpload } from '../../lib/uploads';
import { actorOf } from '../../plugins/auth.plugin';
import { perIpPerMinute, uploadsPerUser } from '../../plugins/rate-limit.plugin';
import * as account from './account.service';
import { deleteOwnAccount } from './account-delete.service';
import * as appHandoff from './app-handoff.service';
import { manifestForBusiness, manifestWithHandoff } from './app-manifest';
import * as passwords from './password.service';
import * as registration from './registration.service';
import * as signIn from './sign-in.service';
import { recordDeviceTimeZone } from './time-zone.service';

/** What the account routes put in front of their handlers: rate limits and the device's session. */
interface AccountGuards {
  /** Per IP, on the route's config: sign-in, registration, tokens and password checks. */
  perIp: { rateLimit: { max: number; timeWindow: number } };
  /** Per email address of the body, in this group's own count. */
  perEmail(group: string): (request: FastifyRequest, reply: FastifyReply) => Promise<void>;
  /** Who is signed in on this device, if a valid token comes along. */
  deviceSession(request: FastifyRequest, reply: FastifyReply): Promise<void>;
}

const userAgent = (request: FastifyRequest) => ({ userAgent: request.headers['user-agent'] ?? '' });

function accountGuards(app: FastifyInstance, ctx: AppContext): AccountGuards {
  const perMinute = ctx.config.loginRateLimitPerMinute;
  return {
    perIp: { rateLimit: { max: perMinute * 3, timeWindow: 60_000 } },
    // Per IP (route config) and per email address (preHandler), for sign-in and reset requests.
    // Not `app.rateLimit()`: its handler skips a request the route's per-IP limit already counted,
    // so the per-email limit would never apply.
    perEmail(group) {
      const limit = app.createRateLimit({
        max: perMinute,
        timeWindow: 60_000,
        keyGenerator: (request) =>
          `${group}:${String((request.body as { email?: unknown })?.email ?? '').toLowerCase()}`,
      });
      return async (request, reply) => {
        const result = await limit(request);
        if (!result.isAllowed && result.isExceeded) {
          reply.header('retry-after', result.ttlInSeconds);
          throw new AppError(429, ErrorCode.RATE_LIMITED, Msg.rateLimited);
        }
      };
    },
    // A guest follower registering or signing in, whose follows the account takes; an invalid token
    // is no reason to refuse.
    async deviceSession(request, reply) {
      if (!request.headers.authorization) return;
      try {
        await app.authenticate(request, reply);
      } catch {
        request.actor = null;
      }
    },
  };
}

/** Signing in and out, and who is signed in. */
function sessionRoutes(app: FastifyInstance, ctx: AppContext, guards: AccountGuards) {
  route(app, contracts.login, {
    config: guards.perIp,
    preHandler: [guards.perEmail('login'), guards.deviceSession],
    handler: async (request) => {
      const signedIn = await signIn.login(ctx, request.body, userAgent(request), request.actor ?? undefined);
      await recordDeviceTimeZone(ctx, signedIn.user.id, deviceTimeZoneOf(request));
      return signedIn;
    },
  });

  route(app, contracts.getCurrentUser, {
    handler: async (request) => ({ user: await account.me(ctx, actorOf(request)) }),
  });

  route(app, contracts.logout, {
    handler: async (request) => {
      await signIn.logout(ctx, actorOf(request));
      return { message: Msg.loggedOut };
    },
  });

  route(app, contracts.logoutAll, {
    handler: async (request) => {
      await signIn.logoutEverywhere(ctx, actorOf(request));
      return { message: Msg.loggedOutEverywhere };
    },
  });
}

/** Registering and confirming the address. */
function registrationRoutes(app: FastifyInstance, ctx: AppContext, guards: AccountGuards) {
  route(app, contracts.registerAccount, {
    config: guards.perIp,
    preHandler: guards.deviceSession,
    handler: async (request, reply) => {
      const registered = await registration.register(
        ctx,
        request.body,
        userAgent(request),
        request.actor ?? undefined,
      );
      await recordDeviceTimeZone(ctx, registered.user.id, deviceTimeZoneOf(request));
      reply.status(201);
      return { ...registered, message: Msg.registered };
    },
  });

  route(app, contracts.verifyEmail, {
    // Tokens are long and random; the limit keeps guessing (and the hashing per guess) cheap for us.
    config: guards.perIp,
    handler: async (request) =>
      registration.verifyEmail(ctx, request.actor, request.body.token, userAgent(request)),
  });

  route(app, contracts.resendVerification, {
    config: { rateLimit: { max: 5, timeWindow: 60_000 } },
    handler: async (request) => ({ message: await registration.resendVerification(ctx, actorOf(request)) }),
  });
}

/** The Home Screen app: handing the session over to it, and its manifest. */
function appRoutes(app: FastifyInstance, ctx: AppContext, guards: AccountGuards) {
  route(app, contracts.startAppHandoff, {
    config: { rateLimit: { max: 10, timeWindow: 60_000 } },
    handler: async (request, reply) => {
      reply.status(201);
      return appHandoff.startAppHandoff(ctx, actorOf(request));
    },
  });

  route(app, contracts.takeAppHandoff, {
    // Codes are long and random, like emailed tokens: the limit keeps guessing cheap for us.
    config: guards.perIp,
    handler: async (request) => appHandoff.takeAppHandoff(ctx, request.body.code, userAgent(request)),
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
}

/** The profile, its picture, and deleting the account. */
function profileRoutes(app: FastifyInstance, ctx: AppContext, guards: AccountGuards) {
  route(app, contracts.updateProfile, {
    // Per IP like the password change: an email change checks the current password.
    config: guards.perIp,
    handler: async (request) => ({
      user: await account.updateProfile(ctx, actorOf(request), request.body),
      message: Msg.profileUpdated,
    }),
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
    config: guards.perIp,
    handler: async (request) => {
      await deleteOwnAccount(ctx, actorOf(request), request.body);
      return { message: Msg.accountDeleted };
    },
  });
}

/** Changing a password, and resetting a forgotten one by email. */
function passwordRoutes(app: FastifyInstance, ctx: AppContext, guards: AccountGuards) {
  route(app, contracts.changePassword, {
    config: guards.perIp,
    handler: async (request) => ({
      message: Msg.passwordUpdated,
      accessToken: await passwords.changePassword(ctx, actorOf(request), request.body, userAgent(request)),
    }),
  });

  route(app, contracts.forgotPassword, {
    config: guards.perIp,
    preHandler: guards.perEmail('forgot'),
    handler: async (request) => {
      await passwords.forgotPassword(ctx, request.body.email);
      return { message: Msg.resetLinkSent };
    },
  });

  route(app, contracts.resetPassword, {
    config: guards.perIp,
    handler: async (request) => {
      await passwords.resetPassword(ctx, request.body);
      return { message: Msg.passwordUpdated };
    },
  });
}

/** The spec's account calls (section 7) and the account features around them. */
export async function accountRoutes(app: FastifyInstance, ctx: AppContext) {
  const guards = accountGuards(app, ctx);
  sessionRoutes(app, ctx, guards);
  registrationRoutes(app, ctx, guards);
  appRoutes(app, ctx, guards);
  profileRoutes(app, ctx, guards);
  passwordRoutes(app, ctx, guards);

  route(app, contracts.getPublicConfig, {
    handler: async () => ({
      supportEmail: ctx.config.supportEmail,
      androidAppUrl: ctx.config.androidAppUrl,
      publicUrl: ctx.config.publicUrl,
      signInProvider: ctx.config.oidc ? { name: ctx.config.oidc.displayName } : null,
    }),
  });
}
