import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

/**
 * The Containerfile leaves the web app's own packages (WEB_ONLY_PACKAGES) out of the image: the
 * server must import none of them, or the image would start and then fail where it does.
 */
export function checkWebOnlyPackages(root: string) {
  const containerfile = readFileSync(path.join(root, 'Containerfile'), 'utf8');
  const list = /ARG WEB_ONLY_PACKAGES="([^"]*)"/.exec(containerfile)?.[1];
  if (!list) throw new Error('Containerfile: no ARG WEB_ONLY_PACKAGES="..."');
  const packages = list.replace(/\\\n/g, ' ').split(/\s+/).filter(Boolean);
  const offending: string[] = [];
  for (const dir of ['src/server', 'src/shared']) {
    for (const file of readdirSync(path.join(root, dir), { recursive: true, encoding: 'utf8' })) {
      if (!/\.tsx?$/.test(file) || /\.test\.tsx?$/.test(file)) continue;
      const source = readFileSync(path.join(root, dir, file), 'utf8');
      for (const name of packages) {
        if (
          source.includes(`from '${name}'`) ||
          source.includes(`from '${name}/`) ||
          source.includes(`import('${name}`)
        ) {
          offending.push(`${dir}/${file} imports ${name}`);
        }
      }
    }
  }
  if (offending.length > 0) {
    throw new Error(`the image leaves out packages the server imports:\n${offending.join('\n')}`);
  }
}
