import path from 'node:path';

/**
 * `client/features/<a>/` imports nothing from `client/features/<b>/` (Bulletproof React's
 * unidirectional imports; CONVENTIONS.md §12): what two features share moves to `client/lib/` or
 * `client/components/`, and pages compose features. An import across features that is meant (a
 * feature composing another's component, or reading another's query through its options) is
 * listed, narrowly, in the rule's `allow` option: `{ <a>: ['<b>', '<b>/<module>'] }`, where `<b>`
 * alone is that feature's index.
 *
 * Written here rather than taken from eslint-plugin-import: `no-restricted-imports` matches the
 * import's text, not the file it names, and cannot tell `../b` (another feature) from `../../lib`.
 */

const ROOT = path.resolve(import.meta.dirname, '..');
const FEATURES = ['client', 'features'];
const EXTENSION = /\.(?:[cm]?[jt]sx?)$/;

/** The feature a file (absolute path) belongs to, and the module inside it ('' for its index). */
function placeOf(file) {
  const parts = path.relative(ROOT, file).split(path.sep);
  if (parts[0] !== FEATURES[0] || parts[1] !== FEATURES[1] || parts.length < 3) return null;
  const module = parts.slice(3).join('/').replace(EXTENSION, '');
  return { feature: parts[2], module: module === 'index' ? '' : module };
}

/** @type {import('eslint').Rule.RuleModule} */
export const featureBoundaries = {
  meta: {
    type: 'problem',
    docs: { description: 'A feature imports nothing from another feature unless allowed' },
    schema: [
      {
        type: 'object',
        properties: {
          allow: {
            type: 'object',
            additionalProperties: { type: 'array', items: { type: 'string' } },
          },
        },
        additionalProperties: false,
      },
    ],
    messages: {
      crossFeature:
        "client/features/{{from}} imports from client/features/{{to}} ('{{source}}'): move what both need to client/lib or client/components, or allow this import in eslint.config.js (featureBoundaries), saying why.",
    },
  },
  create(context) {
    const allow = context.options[0]?.allow ?? {};
    const here = placeOf(context.filename);
    if (!here) return {};
    const allowed = new Set(allow[here.feature] ?? []);

    function check(node, source) {
      if (typeof source !== 'string' || !source.startsWith('.')) return;
      const there = placeOf(path.resolve(path.dirname(context.filename), source));
      if (!there || there.feature === here.feature) return;
      const target = there.module ? `${there.feature}/${there.module}` : there.feature;
      if (allowed.has(target)) return;
      context.report({
        node,
        messageId: 'crossFeature',
        data: { from: here.feature, to: target, source },
      });
    }

    const fromSource = (node) => check(node.source, node.source?.value);
    return {
      ImportDeclaration: fromSource,
      ExportNamedDeclaration: fromSource,
      ExportAllDeclaration: fromSource,
      ImportExpression: (node) => check(node.source, node.source.value),
    };
  },
};
