import { API_PATHS } from '../../shared/contracts/paths';
import { JUST_REGISTERED_KEY } from '../lib/storage-keys';
import { deviceTimeZoneHeaders } from '../lib/time-zones';
import { rememberedVisitSource } from '../lib/visit-source';
import { signInAndHandOver } from './hand-over';
import type { LightPageData } from './light-page-data';

const FIELDS = ['firstName', 'lastName', 'email', 'phone', 'terms', 'marketingConsent', 'preferenceIds'];

interface ErrorAnswer {
  error?: string;
  code?: string;
  fields?: Record<string, string>;
}

/**
 * The register-and-follow form (registerAccount): sent as the web app sends it, the server's field
 * messages shown beside their fields in the page's language. Registered, the person is signed in:
 * the session is kept as the web app keeps it, and the app takes over the page for the
 * next step, notifications on, which needs its service worker.
 */
export function watchRegistrationForm({ id, publicId, language, messages, app }: LightPageData): void {
  const form = document.getElementById('lp-register') as HTMLFormElement | null;
  if (!form || !messages) return;
  const say = (text: string | undefined) => (text ? (messages.byText[text] ?? text) : '');
  const alertBox = document.getElementById('lp-form-error')!;
  const submit = form.querySelector<HTMLButtonElement>('button[type=submit]')!;

  const setError = (field: string, text: string) => {
    const box = document.getElementById(`lp-${field}-error`);
    if (!box) return false;
    box.textContent = field === 'preferenceIds' && text ? (box.dataset.gone ?? text) : text;
    for (const input of form.querySelectorAll<HTMLInputElement>(`[name="${field}"]`)) {
      if (text) input.setAttribute('aria-invalid', 'true');
      else input.removeAttribute('aria-invalid');
    }
    return true;
  };
  const showAlert = (text: string) => {
    alertBox.textContent = text;
    alertBox.hidden = !text;
  };
  form.addEventListener('input', (event) => {
    const name = (event.target as HTMLInputElement).name;
    if (name) setError(name, '');
  });

  form.addEventListener('submit', async (event) => {
    event.preventDefault();
    for (const field of FIELDS) setError(field, '');
    showAlert('');
    const values = new FormData(form);
    const preferenceIds = values.getAll('preferenceIds').map(String);
    const body = {
      firstName: String(values.get('firstName') ?? ''),
      lastName: String(values.get('lastName') ?? ''),
      email: String(values.get('email') ?? ''),
      phone: String(values.get('phone') ?? ''),
      terms: values.has('terms'),
      marketingConsent: values.has('marketingConsent'),
      establishmentId: publicId,
      language,
      ...(preferenceIds.length > 0 ? { preferenceIds } : {}),
      ...(rememberedVisitSource(publicId, id) ? { source: rememberedVisitSource(publicId, id) } : {}),
    };
    submit.disabled = true;
    form.setAttribute('aria-busy', 'true');
    try {
      const response = await fetch(API_PATHS.register, {
        method: 'POST',
        // The device's zone: sends at each follower's local time reach them at theirs.
        headers: { 'content-type': 'application/json', ...deviceTimeZoneHeaders() },
        body: JSON.stringify(body),
      });
      const answer = (await response.json().catch(() => ({}))) as ErrorAnswer & {
        user?: { email: string };
        accessToken?: string;
      };
      if (response.ok && answer.user) {
        showRegistered(form, answer.user.email);
        if (answer.accessToken) {
          const handed = {
            key: JUST_REGISTERED_KEY,
            value: JSON.stringify({ publicId, email: answer.user.email }),
          };
          void signInAndHandOver(answer.accessToken, app, handed);
        }
        return;
      }
      const fields = Object.entries(answer.fields ?? {});
      const shown = fields.filter(([field, text]) => setError(field, say(text)));
      const elsewhere = fields.find(([field]) => !document.getElementById(`lp-${field}-error`));
      if (elsewhere) showAlert(say(elsewhere[1]));
      else if (shown.length === 0) showAlert(messages.byCode[answer.code ?? ''] ?? say(answer.error));
      form.querySelector<HTMLElement>('[aria-invalid=true]')?.focus();
      if (!form.querySelector('[aria-invalid=true]')) alertBox.scrollIntoView({ block: 'center' });
    } catch {
      showAlert(messages.byCode.NETWORK ?? '');
    } finally {
      submit.disabled = false;
      form.removeAttribute('aria-busy');
    }
  });
}

/** The form's place is taken by what the email holds; the heading says "registered". */
function showRegistered(form: HTMLFormElement, email: string): void {
  const title = document.getElementById('lp-title')!;
  title.textContent = title.dataset.done ?? '';
  document.getElementById('lp-subtitle')?.remove();
  const sent = document.getElementById('lp-registered-sent')!;
  sent.textContent = (sent.dataset.text ?? '').replace('{{email}}', email);
  form.remove();
  document.getElementById('lp-registered')!.hidden = false;
  // On a phone the button was far down the form; the answer starts at the top.
  window.scrollTo({ top: 0 });
  title.tabIndex = -1;
  title.focus();
}
