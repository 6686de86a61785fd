// The token signing secret: JWT_SECRET, or one generated on first start and kept in DATA_DIR so
// sessions survive restarts. With DATA_DIR=memory:// it lives as long as the process.
import { randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { type Config, isMemoryDataDir } from '../config.js';

export function resolveJwtSecret(config: Pick<Config, 'jwtSecret' | 'dataDir'>): string {
  if (config.jwtSecret) return config.jwtSecret;
  const fresh = randomBytes(48).toString('base64url');
  if (isMemoryDataDir(config)) return fresh;
  const file = join(config.dataDir, 'jwt-secret');
  try {
    const kept = readFileSync(file, 'utf8').trim();
    if (kept.length >= 32) return kept;
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'ENOENT') throw err;
  }
  mkdirSync(config.dataDir, { recursive: true });
  writeFileSync(file, fresh, { mode: 0o600 });
  return fresh;
}
