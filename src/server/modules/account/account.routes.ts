import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ErrorBodySchema, ErrorCode, MessageSchema } from '../../../shared/errors';
import { Msg } from '../../../shared/messages';
import {
  ChangePasswordBodySchema,
  ChangePasswordResponseSchema,
  ForgotPasswordBodySchema,
  LoginBodySchema,
  LoginResponseSchema,
  ProfileBodySchema,
  ProfileResponseSchema,
  RegisterBodySchema,
  RegisterResponseSchema,
  ResetPasswordBodySchema,
  UserResponseSchema,
  VerifyBodySchema,
} from '../../../shared/schemas/account.schema';
import type { AppContext } from '../../context';
import { AppError } from '../../lib/app-error';
import { removeStoredOnFailure } from '../../lib/images';
import { readImageUpload } from '../../lib/uploads';
import { actorOf } from '../../plugins/auth.plugin';
import * as account from './account.service';

const tags = ['account'];
const errors = { 400: ErrorBodySchema, 401: ErrorBodySchema, 429: ErrorBodySchema };
const bearer = [{ bearerAuth: [] }];

/** The spec's account calls (section 7) and the account features around them. */
export async function accountRoutes(root: FastifyInstance, ctx: AppContext) {
  const app = root.withTypeProvider<ZodTypeProvider>();
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
  const userAgent = (ua: string | undefined) => ua ?? '';

  app.post(
    '/api/account/login',
    {
      config: perIp,
      preHandler: perEmail('login'),
      schema: {
        tags,
        summary: 'Sign in with email and password',
        body: LoginBodySchema,
        response: { 200: LoginResponseSchema, ...errors },
      },
    },
    async (request) =>
      account.login(ctx, request.body, { userAgent: userAgent(request.headers['user-agent']) }),
  );

  app.get(
    '/api/account/me',
    {
      preHandler: app.authenticate,
      schema: {
        tags,
        summary: 'The signed-in user',
        security: bearer,
        response: { 200: UserResponseSchema, 401: ErrorBodySchema },
      },
    },
    async (request) => ({ user: await account.me(ctx, actorOf(request)) }),
  );

  app.post(
    '/api/account/register',
    {
      config: perIp,
      schema: {
        tags,
        summary: 'Register a customer (optionally following an establishment); the password is emailed',
        body: RegisterBodySchema,
        response: {
          201: RegisterResponseSchema,
          400: ErrorBodySchema,
          404: ErrorBodySchema,
          409: ErrorBodySchema,
        },
      },
    },
    async (request, reply) => {
      const user = await account.register(ctx, request.body);
      return reply.status(201).send({ user, message: Msg.registered });
    },
  );

  app.post(
    '/api/account/verify',
    {
      schema: {
        tags,
        summary: 'Verify an email address with its token',
        body: VerifyBodySchema,
        response: { 200: MessageSchema, 400: ErrorBodySchema },
      },
    },
    async (request) => {
      await account.verifyEmail(ctx, request.body.token);
      return { message: Msg.verified };
    },
  );

  app.post(
    '/api/account/verify/resend',
    {
      config: { rateLimit: { max: 5, timeWindow: 60_000 } },
      preHandler: app.authenticate,
      schema: {
        tags,
        summary: 'Email a new verification link',
        security: bearer,
        response: { 200: MessageSchema, ...errors },
      },
    },
    async (request) => ({ message: await account.resendVerification(ctx, actorOf(request)) }),
  );

  app.post(
    '/api/account/profile',
    {
      preHandler: app.authenticate,
      schema: {
        tags,
        summary: "Update one's profile",
        security: bearer,
        body: ProfileBodySchema,
        response: { 200: ProfileResponseSchema, 409: ErrorBodySchema, ...errors },
      },
    },
    async (request) => ({
      user: await account.updateProfile(ctx, actorOf(request), request.body),
      message: Msg.profileUpdated,
    }),
  );

  app.post(
    '/api/account/password',
    {
      config: perIp,
      preHandler: app.authenticate,
      schema: {
        tags,
        summary: "Change one's password; other sessions end",
        security: bearer,
        body: ChangePasswordBodySchema,
        response: { 200: ChangePasswordResponseSchema, ...errors },
      },
    },
    async (request) => ({
      message: Msg.passwordUpdated,
      accessToken: await account.changePassword(ctx, actorOf(request), request.body, {
        userAgent: userAgent(request.headers['user-agent']),
      }),
    }),
  );

  app.post(
    '/api/account/forgot-password',
    {
      config: perIp,
      preHandler: perEmail('forgot'),
      schema: {
        tags,
        summary: 'Email a link to set a new password (same answer whether the account exists or not)',
        body: ForgotPasswordBodySchema,
        response: { 200: MessageSchema, 400: ErrorBodySchema, 429: ErrorBodySchema },
      },
    },
    async (request) => {
      await account.forgotPassword(ctx, request.body.email);
      return { message: Msg.resetLinkSent };
    },
  );

  app.post(
    '/api/account/reset-password',
    {
      config: perIp,
      schema: {
        tags,
        summary: 'Set a new password from an emailed token',
        body: ResetPasswordBodySchema,
        response: { 200: MessageSchema, 400: ErrorBodySchema, 429: ErrorBodySchema },
      },
    },
    async (request) => {
      await account.resetPassword(ctx, request.body);
      return { message: Msg.passwordUpdated };
    },
  );

  app.post(
    '/api/account/logout',
    {
      preHandler: app.authenticate,
      schema: {
        tags,
        summary: 'Sign out this session (revokes its token)',
        security: bearer,
        response: { 200: MessageSchema, 401: ErrorBodySchema },
      },
    },
    async (request) => {
      await account.logout(ctx, actorOf(request));
      return { message: Msg.loggedOut };
    },
  );

  app.post(
    '/api/account/logout-all',
    {
      preHandler: app.authenticate,
      schema: {
        tags,
        summary: 'Sign out on every device',
        security: bearer,
        response: { 200: MessageSchema, 401: ErrorBodySchema },
      },
    },
    async (request) => {
      await account.logoutEverywhere(ctx, actorOf(request));
      return { message: Msg.loggedOutEverywhere };
    },
  );

  app.post(
    '/api/account/avatar',
    {
      preHandler: app.authenticate,
      schema: {
        tags,
        summary: 'Upload a new picture (multipart field "file"; JPEG, PNG, WebP, GIF or AVIF up to 10 MB)',
        security: bearer,
        consumes: ['multipart/form-data'],
        response: { 200: ProfileResponseSchema, 413: ErrorBodySchema, 415: ErrorBodySchema, ...errors },
      },
    },
    async (request) => {
      const { buffer } = await readImageUpload(request);
      return removeStoredOnFailure(request.log, async () => ({
        user: await account.setAvatar(ctx, actorOf(request), buffer),
        message: Msg.profileUpdated,
      }));
    },
  );

  app.delete(
    '/api/account',
    {
      preHandler: app.authenticate,
      schema: {
        tags,
        summary: "Delete one's account at once, with all its data",
        security: bearer,
        response: { 200: MessageSchema, 401: ErrorBodySchema },
      },
    },
    async (request) => {
      await account.deleteAccount(ctx, actorOf(request));
      return { message: Msg.accountDeleted };
    },
  );

  app.get(
    '/api/config',
    {
      schema: {
        tags: ['config'],
        summary: 'Public configuration for the web app',
        response: {
          200: z.object({ supportEmail: z.string(), androidAppUrl: z.string(), publicUrl: z.string() }),
        },
      },
    },
    async () => ({
      supportEmail: ctx.config.supportEmail,
      androidAppUrl: ctx.config.androidAppUrl,
      publicUrl: ctx.config.publicUrl,
    }),
  );
}
