import type { AppContext } from '../../context';
import type { BusinessPagesOf } from '../../lib/plugin-ports';
import { stateOf } from './establishment.dto';
import { findEstablishment } from './establishments.repo';
import { readLightAssets } from './public-page/light-assets';
import { serveLightPage } from './public-page/serve-light-page';
import { publicPageHtml } from './public-page-meta';

/**
 * A business's pages as the web app plugin serves them (lib/plugin-ports.ts): the light page when
 * the build has its script and PUBLIC_PAGE_LIGHT is on, else index.html with the preview tags.
 */
export function businessPages(ctx: AppContext): BusinessPagesOf {
  return ({ webDistDir, indexHtml }) => {
    const lightAssets = ctx.config.publicPageLight ? readLightAssets(webDistDir, indexHtml) : undefined;
    return {
      html: (request, page, establishmentId, pathname) =>
        lightAssets
          ? serveLightPage(ctx, lightAssets, request, page, establishmentId)
          : publicPageHtml(ctx, indexHtml, pathname),
      async exists(establishmentId) {
        const row = await findEstablishment(ctx.db, establishmentId);
        return row !== undefined && stateOf(row) !== 'deleted';
      },
    };
  };
}
