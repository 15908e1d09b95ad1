import type { APIRequestContext, BrowserContext, Locator, Page } from '@playwright/test';
import { clientWithEstablishment } from './establishments';
import { DESKTOP, PHONE, SAVING_SCREENSHOTS } from './screenshots';
import { apiLogin, startSignedIn } from './users';

/**
 * A new client signed in on their new establishment's Integrations tab (the API keys and webhooks
 * cards), with the clipboard readable for the cards' Copy buttons. Answers the establishment.
 */
export async function openIntegrations(
  {
    page,
    context,
    request,
    baseURL,
  }: { page: Page; context: BrowserContext; request: APIRequestContext; baseURL: string | undefined },
  tag: string,
) {
  await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: baseURL! });
  const { client, establishment } = await clientWithEstablishment(request, tag);
  const { accessToken } = await apiLogin(request, client);
  await startSignedIn(page, accessToken);
  await page.goto(`/app/establishment/${establishment.id}?tab=integrations`);
  return { establishment };
}

/**
 * One card at desktop and phone width, to test-results/screenshots/<name>-desktop.png and
 * <name>-phone.png; the page is left at desktop width.
 */
export async function screenshotCard(page: Page, card: Locator, name: string, phone = PHONE) {
  if (!SAVING_SCREENSHOTS) return page.setViewportSize(DESKTOP);
  for (const [size, viewport] of [
    ['desktop', DESKTOP],
    ['phone', phone],
  ] as const) {
    await page.setViewportSize(viewport);
    await card.screenshot({ path: `test-results/screenshots/${name}-${size}.png`, animations: 'disabled' });
  }
  await page.setViewportSize(DESKTOP);
}
