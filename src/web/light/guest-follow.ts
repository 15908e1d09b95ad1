import { isLanguage } from '../../shared/i18n/languages';
import { followAsGuestHere, type GuestFollowOutcome } from '../lib/guest-follow';
import { isIosBrowserTab } from '../lib/ios-browser-tab';
import { rememberedVisitSource } from '../lib/visit-source';
import { guestTexts } from './guest-texts';
import { signInAndHandOver } from './hand-over';
import type { LightPageData } from './light-page-data';

/**
 * "Get notifications" first on the light profile page: the page's Follow (register and follow) takes
 * second place as "Follow with email", in the line under the buttons. One tap asks the browser,
 * subscribes this device and follows as a guest; then the web app takes over, signed in as the
 * guest, as after registering. Without a script the page keeps its Follow.
 */
export function watchGuestFollow({ id, publicId, language, app }: LightPageData): void {
  const follow = document.querySelector<HTMLAnchorElement>(
    `.lp-actions a.lp-primary[href="/${publicId}/register"]`,
  );
  if (!follow) return;
  const texts = guestTexts(language);
  const button = document.createElement('button');
  button.type = 'button';
  button.className = follow.className;
  button.id = 'lp-guest-follow';
  // Beside Share on a desktop, in the width the page gives its actions: one line, as in the app.
  button.style.whiteSpace = 'nowrap';
  const bell = follow.querySelector('svg');
  if (bell) button.append(bell.cloneNode(true));
  button.append(texts.button);
  follow.replaceWith(button);

  const status = document.createElement('p');
  status.setAttribute('role', 'status');
  status.hidden = true;
  button.parentElement?.after(status);

  // "Follow with email" beside "I already have an account", in the line under the buttons.
  const line = document.querySelector<HTMLElement>('.lp-actions p.lp-center');
  if (line) {
    const withEmail = document.createElement('a');
    withEmail.href = follow.href;
    withEmail.textContent = texts.withEmail;
    Object.assign(line.style, {
      display: 'flex',
      flexWrap: 'wrap',
      justifyContent: 'center',
      gap: '8px 20px',
    });
    line.prepend(withEmail);
  }

  const show = (text: string, kind: 'hint' | 'warning' | 'error', signIn = false) => {
    status.className =
      kind === 'hint' ? 'lp-hint lp-center' : `lp-alert${kind === 'error' ? ' lp-error-alert' : ''}`;
    status.style.margin = '0';
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

  button.addEventListener('click', async () => {
    if (isIosBrowserTab()) return show(texts.ios, 'warning');
    button.disabled = true;
    show(texts.asking, 'hint');
    const source = rememberedVisitSource(publicId, id);
    const outcome = await followAsGuestHere({
      establishmentId: publicId,
      ...(isLanguage(language) ? { language } : {}),
      ...(source ? { source } : {}),
    });
    if (outcome.kind === 'on') {
      const name = document.querySelector('h1')?.textContent ?? '';
      show(texts.on.replace('{{name}}', name), 'hint');
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
