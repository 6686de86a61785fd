// Sections of the documentation made by a script (docs/error-codes.md's table, docs/configuration.md's
// tables): the text between a section's two markers is replaced by what the script makes now,
// markers included.
export function withSection(text: string, begin: string, end: string, made: string, file = 'the file'): string {
  const start = text.indexOf(begin);
  const stop = text.indexOf(end);
  if (start < 0 || stop < start) throw new Error(`${file} has no "${begin}" ... "${end}" section`);
  return text.slice(0, start) + made + text.slice(stop + end.length);
}
