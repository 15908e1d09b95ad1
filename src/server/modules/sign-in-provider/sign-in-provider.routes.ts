import type { FastifyInstance, FastifyReply } from 'fastify';
import * as contracts from '../../../shared/contracts/sign-in-provider.contracts';
import type { AppContext } from '../../context';
import { notFound } from '../../lib/app-error';
import { route } from '../../lib/route';
import { flowCookie, flowCookieOf, openFlow, sealFlow } from './flow-cookie';
import { type ProviderClient, providerClient } from './provider-client';
import {
  ProviderSignInRefused,
  signInThroughProvider,
  takeProviderSession,
} from './provider-sign-in.service';

export const CALLBACK_PATH = '/api/auth/oidc/callback';

/**
 * Staff sign-in through the company's OpenID Connect provider (authorization code with PKCE). The
 * routes always exist (one API description); with no provider configured they answer 404.
 */
export async function signInProviderRoutes(app: FastifyInstance, ctx: AppContext) {
  const settings = ctx.config.oidc;
  const redirectUri = `${ctx.config.publicUrl}${CALLBACK_PATH}`;
  const client: ProviderClient | null = settings ? providerClient(settings, redirectUri) : null;
  const configured = (): ProviderClient => {
    if (!client) throw notFound();
    return client;
  };
  const secure = ctx.config.publicUrl.startsWith('https:');
  const perIp = { rateLimit: { max: ctx.config.loginRateLimitPerMinute * 3, timeWindow: 60_000 } };
  const toLogin = (reply: FastifyReply, suffix: string) =>
    reply
      .header('set-cookie', flowCookie('', secure, 0))
      .header('cache-control', 'no-store')
      .redirect(`${ctx.config.publicUrl}/login${suffix}`, 302);

  route(app, contracts.startProviderSignIn, {
    config: perIp,
    handler: async (request, reply) => {
      const provider = configured();
      let started: Awaited<ReturnType<ProviderClient['start']>>;
      try {
        started = await provider.start();
      } catch (error) {
        request.log.warn({ err: error }, 'provider sign-in: the provider cannot be reached');
        return toLogin(reply, '?providerError=provider');
      }
      const { url, flow } = started;
      return reply
        .header('set-cookie', flowCookie(sealFlow(ctx.config.jwtSecret, flow), secure))
        .header('cache-control', 'no-store')
        .redirect(url, 302);
    },
  });

  route(app, contracts.finishProviderSignIn, {
    config: perIp,
    handler: async (request, reply) => {
      const provider = configured();
      if (request.query.error) return toLogin(reply, '?providerError=provider');
      // The answer must belong to a sign-in this browser started, here, minutes ago.
      const flow = openFlow(ctx.config.jwtSecret, flowCookieOf(request.headers.cookie));
      if (!flow || request.query.state !== flow.state) return toLogin(reply, '?providerError=state');
      const callbackUrl = new URL(redirectUri);
      callbackUrl.search = new URL(request.url, 'http://callback').search;
      let who: Awaited<ReturnType<ProviderClient['finish']>>;
      try {
        who = await provider.finish(callbackUrl, flow);
      } catch (error) {
        // A used, expired or foreign code, or a token that does not validate: nobody signs in.
        request.log.info({ err: error }, 'provider sign-in: code refused');
        return toLogin(reply, '?providerError=code');
      }
      try {
        const code = await signInThroughProvider(ctx, who, {
          userAgent: request.headers['user-agent'] ?? '',
        });
        // In the fragment: it never reaches a server log or a Referer.
        return toLogin(reply, `#providerCode=${code}`);
      } catch (error) {
        if (error instanceof ProviderSignInRefused) return toLogin(reply, `?providerError=${error.reason}`);
        throw error;
      }
    },
  });

  route(app, contracts.takeProviderSession, {
    config: perIp,
    handler: async (request) => {
      configured();
      return takeProviderSession(ctx, request.body.code);
    },
  });
}
