// Which installed packages refuse the oldest Node the README supports. `.npmrc` sets
// engine-strict, so `npm install` fails on them; this names them in the test run as well.
import semver from 'semver';

/** The lowest Node version a range such as `>=20.19` admits ("20.19.0"). */
export function oldestNode(range) {
  return semver.minVersion(range)?.version ?? null;
}

/** Lockfile packages whose `engines.node` excludes `node`, as "name@version needs range". */
export function packagesRefusing(lock, node) {
  const refusing = [];
  for (const [where, pkg] of Object.entries(lock.packages ?? {})) {
    const range = pkg.engines?.node;
    if (!where || !range || semver.satisfies(node, range)) continue;
    refusing.push(`${where.replace(/^.*node_modules\//, '')}@${pkg.version} needs node ${range}`);
  }
  return refusing;
}
