import { isLanguage } from '../../shared/i18n/languages';
import { followAsGuestHere, type GuestFollowOutcome } from '../lib/guest-follow';
import { isIosBrowserTab } from '../lib/ios-browser-tab';
import { rememberedVisitSource } from '../lib/visit-source';
import { signInAndHandOver } from './hand-over';
import type { LightPageData } from './light-page-data';

/**
 * "Get notifications" on the light profile page, which the server renders with "Follow with email"
 * under it (light-page.ts) and, in the page's data, what to say meanwhile in the page's language. One
 * tap asks the browser, subscribes this device and follows as a guest; then the web app takes over,
 * signed in as the guest, as after registering. Without a script the button's form opens the
 * register page.
 */
export function watchGuestFollow({ id, publicId, language, app, guest: texts }: LightPageData): void {
  const button = document.getElementById('lp-guest-follow') as HTMLButtonElement | null;
  const status = document.getElementById('lp-guest-status');
  if (!button?.form || !status || !texts) return;

  const show = (text: string, kind: 'hint' | 'warning' | 'error', signIn = false) => {
    status.className =
      kind === 'hint' ? 'lp-hint lp-center' : `lp-alert${kind === 'error' ? ' lp-error-alert' : ''}`;
    status.textContent = text;
    if (signIn) {
      const link = document.createElement('a');
      link.href = '/login';
      link.textContent = texts.signIn;
      status.append(' ', link);
    }
    status.hidden = false;
  };

  const said: Record<Exclude<GuestFollowOutcome['kind'], 'on' | 'refused'>, string> = {
    blocked: texts.blocked,
    dismissed: texts.dismissed,
    unsupported: texts.unsupported,
    failed: texts.failed,
  };

  button.form.addEventListener('submit', async (event) => {
    event.preventDefault();
    if (isIosBrowserTab()) return show(texts.ios, 'warning');
    if (button.disabled) return;
    button.disabled = true;
    show(texts.asking, 'hint');
    const source = rememberedVisitSource(publicId, id);
    const outcome = await followAsGuestHere({
      establishmentId: publicId,
      ...(isLanguage(language) ? { language } : {}),
      ...(source ? { source } : {}),
    });
    if (outcome.kind === 'on') {
      show(texts.on, 'hint');
      // Signed in as the guest: the app shows the page as a follower's, with the offer of an email.
      return void signInAndHandOver(outcome.answer.accessToken, app);
    }
    button.disabled = false;
    if (outcome.kind !== 'refused')
      return show(said[outcome.kind], outcome.kind === 'failed' ? 'error' : 'warning');
    if (outcome.status === 409) return show(texts.deviceHasAccount, 'warning', true);
    show(outcome.status === 429 ? texts.limited : texts.failed, 'error');
  });
}
