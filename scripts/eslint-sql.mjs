/**
 * ESLint rules for the SQL the source writes.
 *
 * `sql/delete-needs-where`: no `DELETE FROM <table>` without a WHERE. SQLite empties such a
 * table with its truncate optimization and reports no row to the update hook, so the Store's
 * record of the transaction (the trace, incremental invariants, the projection's work items)
 * would say nothing was deleted; `WHERE true` deletes the same rows one by one, each reported
 * (src/core/db/deleteWithoutWhere.test.ts shows both). The rule reads every string the code
 * builds: a literal as written, a template with each `${…}` as `?`, and a `+` join as a whole
 * (its outermost join), so a WHERE added by a later part counts and one added on a branch
 * only (`all ? '' : ' WHERE id = ?'`) does not. Comments inside the SQL (`-- …`) are skipped.
 */

/** The text a string expression builds: literals as written, anything computed as `?`. */
function textOf(node) {
  if (node.type === 'Literal' && typeof node.value === 'string') return node.value;
  if (node.type === 'TemplateLiteral') return node.quasis.map((q) => q.value.cooked ?? q.value.raw).join('?');
  if (node.type === 'BinaryExpression' && node.operator === '+') return textOf(node.left) + textOf(node.right);
  return '?';
}

const isText = (node) => (node.type === 'Literal' && typeof node.value === 'string') || node.type === 'TemplateLiteral';
const isJoin = (node) => node?.type === 'BinaryExpression' && node.operator === '+';

/** Each `DELETE FROM …` without a WHERE after it in its statement, as written. */
function deletesWithoutWhere(sql) {
  const found = [];
  for (const statement of sql.replace(/--[^\n]*/g, ' ').split(';')) {
    for (const at of statement.matchAll(/\bDELETE\s+FROM\b/gi)) {
      if (!/\bWHERE\b/i.test(statement.slice(at.index))) found.push(statement.slice(at.index).replace(/\s+/g, ' ').trim());
    }
  }
  return found;
}

const deleteNeedsWhere = {
  meta: {
    type: 'problem',
    docs: { description: 'A DELETE without WHERE reaches no update hook: write DELETE FROM <table> WHERE true.' },
    schema: [],
  },
  create(context) {
    /** Literals read as part of an outer join: not read again on their own. */
    const joined = new WeakSet();
    const check = (node) => {
      for (const statement of deletesWithoutWhere(textOf(node))) {
        context.report({ node, message: `"${statement}" has no WHERE: SQLite truncates the table and reports no deleted row to the update hook. Write DELETE FROM <table> WHERE true.` });
      }
    };
    const flatten = (node) => {
      if (isJoin(node)) { flatten(node.left); flatten(node.right); } else if (isText(node)) joined.add(node);
    };
    return {
      BinaryExpression(node) {
        if (!isJoin(node) || isJoin(node.parent)) return;
        check(node);
        flatten(node);
      },
      Literal(node) { if (typeof node.value === 'string' && !joined.has(node)) check(node); },
      TemplateLiteral(node) { if (!joined.has(node)) check(node); },
    };
  },
};

export default { rules: { 'delete-needs-where': deleteNeedsWhere } };
