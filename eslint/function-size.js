/**
 * A function's own lines stay few enough to read at once (issue 26: "no server function over ~80
 * lines", no client component over ~250). Own lines are the function's lines less those of the
 * functions written inside it: a factory such as `createPaymentService` returns an object of
 * methods, and each method is a unit measured by itself, while the factory's own wiring is
 * measured too. ESLint's `max-lines-per-function` counts nested functions into their parent, so it
 * would measure a module's length, which `max-lines` or a reviewer already sees.
 */

const FUNCTIONS = new Set(['FunctionDeclaration', 'FunctionExpression', 'ArrowFunctionExpression']);

/** A readable name for the report: the declaration's, or the variable, property or method it is. */
function nameOf(node) {
  if (node.id?.name) return node.id.name;
  const parent = node.parent;
  if (parent?.type === 'VariableDeclarator' && parent.id.type === 'Identifier')
    return parent.id.name;
  if ((parent?.type === 'Property' || parent?.type === 'MethodDefinition') && parent.key) {
    return parent.key.name ?? String(parent.key.value);
  }
  return 'this function';
}

/** @type {import('eslint').Rule.RuleModule} */
export const functionSize = {
  meta: {
    type: 'suggestion',
    docs: { description: "A function's own lines, less those of the functions inside it" },
    schema: [
      {
        type: 'object',
        properties: { max: { type: 'integer', minimum: 1 } },
        additionalProperties: false,
      },
    ],
    messages: {
      tooLong:
        '{{name}} has {{lines}} lines of its own (at most {{max}}): split it into functions with one job each.',
    },
  },
  create(context) {
    const max = context.options[0]?.max ?? 80;
    /** Lines of each open function, less its finished inner functions, innermost last. */
    const open = [];
    const span = (node) => node.loc.end.line - node.loc.start.line + 1;
    const enter = (node) => open.push({ node, lines: span(node) });
    const exit = () => {
      const { node, lines } = open.pop();
      if (open.length > 0) open[open.length - 1].lines -= span(node);
      if (lines > max) {
        context.report({
          node,
          loc: node.loc.start,
          messageId: 'tooLong',
          data: { name: nameOf(node), lines, max },
        });
      }
    };
    const handlers = {};
    for (const type of FUNCTIONS) {
      handlers[type] = enter;
      handlers[`${type}:exit`] = exit;
    }
    return handlers;
  },
};
