// The configuration: one schema (src/settings.ts) reads and checks every variable, refuses unknown
// ones in fds's own families with the closest name, never judges the rest of the environment, and
// is what docs/configuration.md's tables and .env.example say.
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { describe, it } from 'node:test';
import { CONFIG_DOC, configTables, envExample, withConfigTables } from '../../scripts/config-docs.js';
import { ConfigError, loadConfig } from '../../src/config.js';
import { SETTINGS } from '../../src/settings.js';

const problems = (env: Record<string, string>): string[] => {
  try {
    loadConfig(env);
  } catch (err) {
    assert.ok(err instanceof ConfigError, String(err));
    return err.problems;
  }
  assert.fail('the configuration was accepted');
};

describe('configuration', () => {
  it('gives every default with nothing set', () => {
    const config = loadConfig({});
    assert.equal(config.port, 8080);
    assert.equal(config.host, '127.0.0.1');
    assert.equal(config.databaseUrl, null);
    assert.equal(config.dataDir, './data');
    assert.equal(config.publicUrl, 'http://127.0.0.1:8080');
    assert.equal(config.answerCacheBytes, 32 * 1024 * 1024);
    assert.deepEqual(config.metrics, { token: null, port: null, host: '127.0.0.1' });
    assert.equal(config.maxEventLoopDelayMs, 1000);
    assert.equal(config.trustProxy, false);
    assert.equal(config.telematics.apiToken, null);
  });

  it('reads typed values', () => {
    const config = loadConfig({
      PORT: '0',
      TRUST_PROXY: 'true',
      OSRM_URL: 'http://127.0.0.1:5000',
      DATABASE_DISTRIBUTED: 'CITUS',
      LOG_LEVEL: 'warn',
      TELEMATICS_API_TOKEN: 't',
      TELEMATICS_COMPANY_ID: '4, 7',
      METRICS_PORT: '9464',
      PUBLIC_URL: 'https://fds.example.com/',
    });
    assert.equal(config.port, 0);
    assert.equal(config.trustProxy, true);
    assert.equal(config.osrmUrl, 'http://127.0.0.1:5000');
    assert.equal(config.databaseDistributed, 'citus');
    assert.equal(config.logLevel, 'warn');
    assert.deepEqual(config.telematics.companyIds, [4, 7]);
    assert.equal(config.metrics.port, 9464);
    assert.equal(config.publicUrl, 'https://fds.example.com');
  });

  it('names every malformed or out-of-range value at once, never echoing a secret', () => {
    const found = problems({ PORT: '70000', DB_POOL_SIZE: 'many', TRUST_PROXY: 'yes', LOG_LEVEL: 'loud', SMTP_URL: 'http://mail', JWT_SECRET: 'short-secret' });
    assert.equal(found.length, 6, found.join('\n'));
    assert.match(found.join('\n'), /PORT must be from 0 to 65535/);
    assert.match(found.join('\n'), /DB_POOL_SIZE must be a whole number/);
    assert.match(found.join('\n'), /TRUST_PROXY must be true or false/);
    assert.match(found.join('\n'), /LOG_LEVEL must be one of: fatal, error, warn, info, debug, trace, silent/);
    assert.match(found.join('\n'), /SMTP_URL must start with smtp:\/\/ or smtps:\/\//);
    assert.ok(!found.join('\n').includes('short-secret') && !found.join('\n').includes('http://mail'), 'secrets are not echoed');
    assert.deepEqual(problems({ NODE_ENV: 'production' }), ['JWT_SECRET is required when NODE_ENV=production']);
  });

  it('refuses an unknown variable of its own families, naming the closest setting', () => {
    assert.deepEqual(problems({ SMTP_URLL: 'smtp://x' }), ['SMTP_URLL is not a setting of fds; did you mean SMTP_URL?']);
    assert.deepEqual(problems({ DB_POOL: '5' }), ['DB_POOL is not a setting of fds; did you mean DB_POOL_SIZE?']);
    assert.deepEqual(problems({ TELEMATICS_TOKEN: 'x' }), ['TELEMATICS_TOKEN is not a setting of fds; did you mean TELEMATICS_API_TOKEN?']);
    assert.deepEqual(problems({ SIGNIN_LIMIT_PER_ADRESS: '5' }), ['SIGNIN_LIMIT_PER_ADRESS is not a setting of fds; did you mean SIGNIN_LIMIT_PER_ADDRESS?']);
    // A family with no settings yet: refused, with no suggestion when nothing is close.
    assert.deepEqual(problems({ PAYMENTS_STRIPE_SECRET_KEY_FOR_ACCOUNT: 'x' }), ['PAYMENTS_STRIPE_SECRET_KEY_FOR_ACCOUNT is not a setting of fds']);
  });

  it('never judges the rest of the environment', () => {
    const config = loadConfig({ PATH: '/usr/bin', HOSTNAME: 'box', HOME: '/root', npm_config_cache: '/x', TEST_LOG_LEVEL: 'loud', PORTS: 'x', PG_COLOR: 'x' });
    assert.equal(config.port, 8080);
    // The process's own environment (this test run's) is accepted as well.
    assert.doesNotThrow(() => loadConfig({ ...process.env, DATA_DIR: 'memory://' }));
  });

  it('is what docs/configuration.md and .env.example say (npm run docs:config)', () => {
    const doc = readFileSync(new URL(`../../${CONFIG_DOC}`, import.meta.url), 'utf8');
    assert.ok(doc.includes(configTables()), `${CONFIG_DOC} is out of date: run npm run docs:config`);
    assert.equal(withConfigTables(doc), doc);
    assert.equal(readFileSync(new URL('../../.env.example', import.meta.url), 'utf8'), envExample(), '.env.example is out of date: run npm run docs:config');
    for (const name of Object.keys(SETTINGS)) assert.match(envExample(), new RegExp(`^#${name}=`, 'm'));
  });

  it('is read in one place: no other source file reads process.env', () => {
    const root = new URL('../../src/', import.meta.url);
    const readers = (readdirSync(root, { recursive: true }) as string[])
      .filter((file) => file.endsWith('.ts') && file !== 'config.ts')
      .filter((file) => /process\.env\b/.test(readFileSync(new URL(file, root), 'utf8')));
    assert.deepEqual(readers, []);
  });
});
