/** Fills the `{name}` placeholders of a text in a document's language; an unknown placeholder stays as it is. */
export const fillText = (template: string, values: Record<string, string | number>) =>
  template.replace(/\{(\w+)\}/g, (whole, key: string) => (key in values ? String(values[key]) : whole));
