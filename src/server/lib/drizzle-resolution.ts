import * as nodeModule from 'node:module';

/**
 * drizzle-orm's package.json is 175 kB (its export map), and Node reads and decodes it again for
 * each of the ~440 drizzle-orm files the server loads, only to learn that the file is an ES module:
 * ~0.9 s of CPU at every start of a process (docs/benchmarks.md, "Process start").
 *
 * drizzle-orm's files import each other by relative paths with their extension, and the package is
 * ESM throughout ("type": "module", no nested package.json). Such an import is resolved here as Node
 * resolves it (the path against the importing file) and said to be an ES module, without the read.
 * Everything else goes Node's way (and tsx's). Must run before drizzle-orm is first loaded: an entry
 * point calls it, then loads the rest of the server with a dynamic `import()`.
 */
export function resolveDrizzleFilesDirectly(): { resolved(): number } {
  const resolved = { count: 0 };
  // registerHooks: Node 22.15 and 23.5 on; older versions (engines allows 22.12) resolve as before.
  const registerHooks = (nodeModule as { registerHooks?: typeof nodeModule.registerHooks }).registerHooks;
  if (registerHooks) {
    const root = new URL('.', import.meta.resolve('drizzle-orm')).href;
    registerHooks({
      resolve(specifier, context, nextResolve) {
        const parent = context.parentURL;
        if (
          parent?.startsWith(root) &&
          parent.endsWith('.js') &&
          specifier.endsWith('.js') &&
          (specifier.startsWith('./') || specifier.startsWith('../'))
        ) {
          const url = new URL(specifier, parent).href;
          if (url.startsWith(root) && !url.includes('/node_modules/', root.length)) {
            resolved.count++;
            return { url, format: 'module', shortCircuit: true };
          }
        }
        return nextResolve(specifier, context);
      },
    });
  }
  return { resolved: () => resolved.count };
}
