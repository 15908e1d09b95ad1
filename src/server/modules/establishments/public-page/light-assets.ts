import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';

/** The light pages' script (Vite's name for the entry) and what boots the full web app. */
export const LIGHT_ENTRY = 'light/public-page.ts';

export interface LightAssets {
  /** The light pages' script, as built (hashed name). */
  script: string;
  /** The modules it imports (small chunks it shares with the app), preloaded so they come at once. */
  preloads: string[];
  /** The web app's entry script and style sheets, for a signed-in visitor's hand-over. */
  app: { scripts: string[]; styles: string[] };
}

/**
 * From the built web app: the light script's file (Vite's manifest, `build.manifest`) and the full
 * app's scripts and styles as index.html loads them. Undefined when the build has no light script.
 */
export function readLightAssets(webDistDir: string, indexHtml: string): LightAssets | undefined {
  const manifestFile = path.join(webDistDir, '.vite', 'manifest.json');
  if (!existsSync(manifestFile)) return undefined;
  const manifest = JSON.parse(readFileSync(manifestFile, 'utf8')) as Record<
    string,
    { file: string; imports?: string[] }
  >;
  const entry = manifest[LIGHT_ENTRY];
  if (!entry) return undefined;
  const attribute = (tag: string, name: string) => new RegExp(`${name}="([^"]+)"`).exec(tag)?.[1];
  const tags = (pattern: RegExp, name: string) =>
    [...indexHtml.matchAll(pattern)].map((m) => attribute(m[0], name)).filter((v): v is string => Boolean(v));
  const preloads = new Set<string>();
  const visit = (key: string) => {
    for (const imported of manifest[key]?.imports ?? []) {
      const file = manifest[imported]?.file;
      if (file && !preloads.has(`/${file}`)) {
        preloads.add(`/${file}`);
        visit(imported);
      }
    }
  };
  visit(LIGHT_ENTRY);
  return {
    script: `/${entry.file}`,
    preloads: [...preloads],
    app: {
      scripts: tags(/<script type="module"[^>]*><\/script>/g, 'src'),
      styles: tags(/<link rel="stylesheet"[^>]*>/g, 'href'),
    },
  };
}
