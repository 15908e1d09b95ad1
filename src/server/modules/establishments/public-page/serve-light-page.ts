import type { FastifyRequest } from 'fastify';
import { consentChoiceOf } from '../../../../shared/storage-names';
import type { AppContext } from '../../../context';
import { listGroups, listPreferences } from '../../preferences/preferences.service';
import { publicProfile } from '../public-page.service';
import { previewTags } from '../public-page-meta';
import type { LightAssets } from './light-assets';
import { renderLightPage } from './light-page';
import { pageLanguage } from './page-language';

/**
 * The light page for a business's /{id} or /{id}/register, as a guest sees it; undefined when the
 * business cannot be shown (gone, blocked: the web app says so).
 */
export async function serveLightPage(
  ctx: AppContext,
  assets: LightAssets,
  request: FastifyRequest,
  page: 'profile' | 'register',
  establishmentId: string,
): Promise<string | undefined> {
  const establishment = await publicProfile(ctx, null, establishmentId).catch(() => undefined);
  if (!establishment) return undefined;
  const query = request.query as Record<string, unknown> | undefined;
  const preferences =
    page === 'register' && establishment.status === 'active'
      ? await Promise.all([listPreferences(ctx), listGroups(ctx)]).then(([preferences, groups]) => ({
          preferences,
          groups,
        }))
      : undefined;
  return renderLightPage({
    page,
    establishment,
    language: pageLanguage(query?.lang, request.headers['accept-language']),
    // Either choice hides the banner; the page views are the script's (analyticsAllowed).
    consented: consentChoiceOf(request.headers.cookie) !== null,
    assets,
    headTags: previewTags(ctx.config.publicUrl, establishment),
    androidAppUrl: ctx.config.androidAppUrl,
    preferences,
  });
}
