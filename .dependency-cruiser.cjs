/**
 * The walls between the layers, by folder (DESIGN.md section 3): `npm run lint` runs this after
 * Biome. Each rule names folders, so an import is judged by where it lands, however many `../` it
 * takes to get there.
 */
module.exports = {
  forbidden: [
    {
      name: 'web-never-imports-server',
      comment: 'The web app never imports from src/server: move what both need to src/shared.',
      severity: 'error',
      from: { path: '^src/web/' },
      to: { path: '^src/server/' },
    },
    {
      name: 'server-never-imports-web',
      comment: 'The server never imports from src/web: move what both need to src/shared.',
      severity: 'error',
      from: { path: '^src/server/' },
      to: { path: '^src/web/' },
    },
    {
      name: 'shared-is-universal',
      comment: 'src/shared runs in the browser and on the server: it imports neither, nor Node built-ins.',
      severity: 'error',
      from: { path: '^src/shared/' },
      to: { path: '^src/(web|server)/' },
    },
    {
      name: 'shared-has-no-node',
      comment: 'src/shared runs in the browser too: no Node built-ins.',
      severity: 'error',
      from: { path: '^src/shared/', pathNot: '\\.test\\.ts$' },
      to: { dependencyTypes: ['core'] },
    },
    {
      name: 'no-feature-imports-another',
      comment:
        'A web feature never imports another: what two features share belongs in src/web/components or src/web/lib; composing features is the job of pages.',
      severity: 'error',
      from: { path: '^src/web/features/([^/]+)/' },
      to: { path: '^src/web/features/([^/]+)/', pathNot: '^src/web/features/$1/' },
    },
    {
      name: 'features-never-import-pages',
      comment: 'Layers import one way: pages -> features -> components and lib.',
      severity: 'error',
      from: { path: '^src/web/features/' },
      to: { path: '^src/web/pages/' },
    },
    {
      name: 'components-and-lib-import-no-feature',
      comment: 'Layers import one way: pages -> features -> components and lib.',
      severity: 'error',
      from: { path: '^src/web/(components|lib)/' },
      to: { path: '^src/web/(features|pages)/' },
    },
    {
      name: 'delivery-never-imports-modules',
      comment:
        'The delivery engine imports no module: what it needs of one comes in as a port (an interface passed in at wiring time, app.ts or worker-context.ts), or the query moves into the engine.',
      severity: 'error',
      from: { path: '^src/server/delivery/' },
      to: { path: '^src/server/modules/' },
    },
    {
      name: 'modules-reach-delivery-through-index',
      comment:
        'Outside src/server/delivery the engine is entered only through src/server/delivery/index.ts: export what is needed there.',
      severity: 'error',
      from: { path: '^src/', pathNot: '^src/server/delivery/' },
      to: { path: '^src/server/delivery/', pathNot: '^src/server/delivery/index[.]ts$' },
    },
    {
      name: 'no-module-imports-another-modules-repo',
      comment:
        "A module never imports another module's repo: the owning module exports what others need through a small public file (its index.ts or a *.queries.ts service function).",
      severity: 'error',
      from: { path: '^src/server/modules/([^/]+)/' },
      to: { path: '^src/server/modules/([^/]+)/.+[.]repo[.]ts$', pathNot: '^src/server/modules/$1/' },
    },
    {
      name: 'plugins-never-import-modules',
      comment:
        'A plugin is wiring every request passes through: it imports no module. What it needs moves to a neutral place (src/server/lib, src/server/sessions) or comes in as a port.',
      severity: 'error',
      from: { path: '^src/server/plugins/' },
      to: { path: '^src/server/modules/' },
    },
    {
      name: 'no-circular',
      comment: 'An import cycle: one of the modules should not need the other, or both need a third.',
      severity: 'error',
      from: { path: '^src/' },
      to: { circular: true },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '^(node_modules|dist)/' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.base.json' },
    enhancedResolveOptions: {
      extensions: ['.ts', '.tsx', '.js', '.json'],
      conditionNames: ['import', 'require', 'node', 'default', 'types'],
    },
    reporterOptions: { text: { highlightFocused: true } },
  },
};
