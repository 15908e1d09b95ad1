/**
 * A tiny HTML template for the server-rendered public pages: every value put into a template is
 * escaped unless it is already markup made here (`Markup`). Arrays are joined; null, undefined and
 * false render nothing, so `${cond && html`...`}` reads as in JSX.
 */
export class Markup {
  constructor(readonly value: string) {}
  toString() {
    return this.value;
  }
}

const ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

export const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => ESCAPES[c]!);

function render(value: unknown): string {
  if (value === null || value === undefined || value === false) return '';
  if (value instanceof Markup) return value.value;
  if (Array.isArray(value)) return value.map(render).join('');
  return escapeHtml(String(value));
}

export function html(strings: TemplateStringsArray, ...values: unknown[]): Markup {
  let out = strings[0]!;
  values.forEach((value, i) => {
    out += render(value) + strings[i + 1]!;
  });
  return new Markup(out);
}

/** Markup that is trusted as it is (our translations, made with their values escaped). */
export const trusted = (markup: string) => new Markup(markup);
