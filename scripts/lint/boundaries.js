// ESLint rules for the import boundaries of ARCHITECTURE.md, resolved from each file's own path
// (a relative specifier is checked where it lands, so `../player/x` from a feature is caught too):
// - a feature (apps/web/src/features/<name>/) never imports another feature's files; src/app
//   composes features through their pages;
// - packages/contract imports neither app nor the demo content (it is the framework-free shared
//   package both apps depend on).
import path from 'node:path';

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..', '..');
const FEATURES = 'apps/web/src/features/';
const CONTRACT = 'packages/contract/';
/** What the contract may not reach: either app, the demo content. */
const OUTSIDE_CONTRACT = ['apps/', 'packages/content/'];
const FORBIDDEN_PACKAGES_IN_CONTRACT = ['@antenne/web', '@antenne/server', '@antenne/content'];

/** The file's path from the repository root, with forward slashes. */
const fromRoot = (file) => path.relative(root, path.resolve(file)).split(path.sep).join('/');

/** Where a relative specifier lands (from the root), or undefined for a package. */
function target(file, specifier) {
  if (!specifier.startsWith('.')) return undefined;
  return fromRoot(path.resolve(path.dirname(path.resolve(file)), specifier));
}

const featureOf = (relative) =>
  relative.startsWith(FEATURES) ? relative.slice(FEATURES.length).split('/')[0] : undefined;

/** Calls `check(node, specifier)` for every static import, re-export and dynamic import(). */
function visitSpecifiers(check) {
  const onSource = (node) => {
    if (node.source && typeof node.source.value === 'string') check(node.source, node.source.value);
  };
  return {
    ImportDeclaration: onSource,
    ExportNamedDeclaration: onSource,
    ExportAllDeclaration: onSource,
    ImportExpression: onSource,
  };
}

const featureBoundaries = {
  meta: {
    type: 'problem',
    docs: { description: 'A feature never imports another feature’s files.' },
    messages: {
      crossFeature:
        'Feature "{{from}}" imports "{{specifier}}" from feature "{{to}}": share it through src/components, src/lib, src/api or src/state instead (src/app composes features).',
    },
    schema: [],
  },
  create(context) {
    const own = featureOf(fromRoot(context.filename));
    if (own === undefined) return {};
    return visitSpecifiers((node, specifier) => {
      const landing = target(context.filename, specifier);
      const other = landing === undefined ? undefined : featureOf(landing);
      if (other !== undefined && other !== own) {
        context.report({ node, messageId: 'crossFeature', data: { from: own, to: other, specifier } });
      }
    });
  },
};

const contractBoundaries = {
  meta: {
    type: 'problem',
    docs: { description: 'packages/contract imports neither app nor the demo content.' },
    messages: {
      outside: 'The contract imports "{{specifier}}": it depends on neither app nor packages/content.',
    },
    schema: [],
  },
  create(context) {
    if (!fromRoot(context.filename).startsWith(CONTRACT)) return {};
    return visitSpecifiers((node, specifier) => {
      const landing = target(context.filename, specifier);
      const forbidden =
        landing === undefined
          ? FORBIDDEN_PACKAGES_IN_CONTRACT.some(
              (name) => specifier === name || specifier.startsWith(`${name}/`),
            )
          : OUTSIDE_CONTRACT.some((prefix) => landing.startsWith(prefix));
      if (forbidden) context.report({ node, messageId: 'outside', data: { specifier } });
    });
  },
};

export default {
  meta: { name: 'antenne-boundaries' },
  rules: { 'feature-boundaries': featureBoundaries, 'contract-boundaries': contractBoundaries },
};
