// README sections made by a script (the error codes, the configuration): the text between a
// section's two markers is replaced by what the script makes now, markers included.
export function withSection(readme: string, begin: string, end: string, made: string): string {
  const start = readme.indexOf(begin);
  const stop = readme.indexOf(end);
  if (start < 0 || stop < start) throw new Error(`README.md has no "${begin}" ... "${end}" section`);
  return readme.slice(0, start) + made + readme.slice(stop + end.length);
}
