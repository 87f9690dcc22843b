// dependency-cruiser (`npm run lint:cycles`, part of `npm run lint`): no import cycles in the code
// that runs. Type-only imports are erased at build time (verbatimModuleSyntax) and are left out.
// Why this tool and not ESLint's import-x/no-cycle: docs/adr/0021.
/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: 'no-cycle',
      severity: 'error',
      comment:
        'A module cycle: modules that import each other load in an order that depends on who came first.',
      from: {},
      to: { circular: true },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: ['(^|/)dist/', '(^|/)node_modules/'] },
    tsPreCompilationDeps: false,
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['antenne-source', 'import', 'node', 'default'],
      extensions: ['.ts', '.tsx', '.js', '.mjs', '.json'],
    },
    reporterOptions: { text: { highlightFocused: true } },
  },
};
