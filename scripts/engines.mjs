// The declared engine made true (CI runs it: `npm run engines`): every installed package — the
// production tree and the tools — must accept the oldest Node.js that package.json's `engines`
// admits. A dependency that moved to a newer Node (content-disposition 3, cookie 2 both ask for
// 22) is pinned back through `overrides` in package.json, or the engine is raised, README with it.
import { readFileSync } from 'node:fs';
import semver from 'semver';

const read = (path) => JSON.parse(readFileSync(new URL(path, import.meta.url), 'utf8'));
const declared = read('../package.json').engines.node;
const oldest = semver.minVersion(declared);
const refused = Object.entries(read('../package-lock.json').packages)
  .filter(([path, pkg]) => path && pkg.engines?.node && !semver.satisfies(oldest, pkg.engines.node))
  .map(([path, pkg]) => `${path.replace(/^.*node_modules\//, '')}@${pkg.version} asks Node ${pkg.engines.node}`);
if (!semver.satisfies(process.version, declared)) refused.push(`this Node.js, ${process.version}, is outside the declared ${declared}`);
if (refused.length > 0) {
  console.error(`Packages refusing Node ${oldest} (package.json engines: ${declared}):\n  ${refused.join('\n  ')}`);
  process.exit(1);
}
console.log(`every package accepts Node ${oldest} (engines: ${declared}); running ${process.version}`);
