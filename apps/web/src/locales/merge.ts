/** Message trees of react-admin and of each feature, merged into one per language. */
export type Messages = { [key: string]: string | Messages };

export function mergeMessages(...trees: Messages[]): Messages {
  const result: Messages = {};
  for (const tree of trees) {
    for (const [key, value] of Object.entries(tree)) {
      const existing = result[key];
      result[key] = typeof value === 'object' && typeof existing === 'object' ? mergeMessages(existing, value) : value;
    }
  }
  return result;
}

/** Every leaf key of a tree, dotted (`resources.users.fields.email`). */
export function leafKeys(tree: Messages, prefix = ''): string[] {
  return Object.entries(tree).flatMap(([key, value]) =>
    typeof value === 'string' ? [`${prefix}${key}`] : leafKeys(value, `${prefix}${key}.`),
  );
}
