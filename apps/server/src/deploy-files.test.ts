import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { SERVER_NODE_FLAGS } from '../../../scripts/server-node-flags.mjs';
import { SERVER_ENTRY } from '../../../scripts/server-build.mjs';

/**
 * The Dockerfile and compose.yaml are not built here (no container engine on these machines,
 * docs/deploy.md says so), so this reads them: every setting they give the server is one that
 * config.ts reads, the addresses name the services that serve them, and the load balancer gets
 * the variables deploy/haproxy.cfg asks for.
 */
const root = path.resolve(import.meta.dirname, '../../..');
const read = (file: string) => fs.readFileSync(path.join(root, file), 'utf8');

interface Service {
  image?: string;
  build?: string;
  environment?: Record<string, string>;
  ports?: string[];
  volumes?: string[];
  depends_on?: string[] | Record<string, { condition: string }>;
}
const compose = parse(read('compose.yaml')) as { services: Record<string, Service> };
// What config.ts (the only reader of the environment) reads: `env.NAME` or `intOf(env, 'NAME', …)`.
const settingsRead = new Set([...read('apps/server/src/config.ts').matchAll(/env\.([A-Z_]+)|env, '([A-Z_]+)'/g)].map((m) => (m[1] ?? m[2])!));
// The variables haproxy.cfg substitutes, outside its comments.
const haproxyConfig = read('deploy/haproxy.cfg').split('\n').filter((line) => !line.trim().startsWith('#')).join('\n');
const haproxyVariables = new Set([...haproxyConfig.matchAll(/"\$\{([A-Z_]+)\}"/g)].map((m) => m[1]!));

describe('compose.yaml', () => {
  const instances = Object.entries(compose.services).filter(([, s]) => s.build === '.');

  it('runs two server instances behind haproxy, with PostgreSQL, Redis and Mosquitto', () => {
    expect(instances.map(([name]) => name)).toEqual(['ullage-a', 'ullage-b']);
    expect(compose.services.postgres?.image).toMatch(/^postgres:/);
    expect(compose.services.redis?.image).toMatch(/^redis:/);
    expect(compose.services.mosquitto?.image).toMatch(/^eclipse-mosquitto:2/);
    expect(compose.services.haproxy?.image).toMatch(/^haproxy:/);
  });

  it('gives the instances only settings the server reads, pointing at the services', () => {
    for (const [name, service] of instances) {
      const env = service.environment ?? {};
      expect([name, Object.keys(env).filter((key) => !settingsRead.has(key))]).toEqual([name, []]);
      expect(new URL(env.DATABASE_URL!).hostname).toBe('postgres');
      expect(new URL(env.DATABASE_URL!).pathname).toBe(`/${compose.services.postgres!.environment!.POSTGRES_DB}`);
      expect(new URL(env.REDIS_URL!).hostname).toBe('redis');
      expect(new URL(env.MQTT_URL!).hostname).toBe('mosquitto');
      expect(env.HOST).toBe('0.0.0.0');
    }
  });

  it('hands haproxy the variables deploy/haproxy.cfg reads, naming each instance on its port', () => {
    const haproxy = compose.services.haproxy!;
    expect(haproxy.volumes).toContain('./deploy/haproxy.cfg:/usr/local/etc/haproxy/haproxy.cfg:ro');
    expect(new Set(Object.keys(haproxy.environment ?? {}))).toEqual(haproxyVariables);
    const servers = Object.entries(haproxy.environment!).filter(([key]) => key.startsWith('ULLAGE_SERVER_')).map(([, address]) => address);
    expect(servers).toEqual(instances.map(([name, s]) => `${name}:${s.environment!.PORT}`));
  });

  it('mounts a Mosquitto configuration that exists and listens on 1883', () => {
    expect(compose.services.mosquitto!.volumes).toContain('./deploy/mosquitto.conf:/mosquitto/config/mosquitto.conf:ro');
    expect(read('deploy/mosquitto.conf')).toMatch(/^listener 1883$/m);
  });
});

describe('deploy/haproxy.cfg', () => {
  it('sets or removes every forwarded header itself: none a client sent reaches an instance', () => {
    // Only rules without a condition count: a conditional one leaves the client's header when it does not apply.
    const rules = [...haproxyConfig.matchAll(/^\s*http-request (set|del)-header (\S+)(.*)$/gm)].filter((m) => !/\s(if|unless)\s/.test(m[3]!)).map((m) => m[2]!.toLowerCase());
    for (const header of ['x-forwarded-for', 'x-forwarded-host', 'x-forwarded-proto', 'x-forwarded-port', 'x-real-ip', 'forwarded']) expect([header, rules.includes(header)]).toEqual([header, true]);
    // It appends to the client's X-Forwarded-For rather than replacing it.
    expect(haproxyConfig).not.toMatch(/option\s+forwardfor/);
    // A rule that sets X-Forwarded-For from anything but the connection's source would let a client name it.
    expect(haproxyConfig).toMatch(/^\s*http-request set-header X-Forwarded-For %\[src\]$/m);
  });
});

describe('Dockerfile', () => {
  const dockerfile = read('Dockerfile');

  it('builds the web app, listens where compose and haproxy expect, and starts the server entry point', () => {
    expect(dockerfile).toMatch(/^FROM node:20/m);
    expect(dockerfile).toMatch(/npm ci .*&& npm run build/);
    expect(dockerfile).toMatch(/^ENV HOST=0\.0\.0\.0 PORT=8080 DATA_DIR=\/data$/m);
    expect(dockerfile).toMatch(/^EXPOSE 8080 1883$/m);
    const cmd = JSON.parse(/^CMD (\[.*\])$/m.exec(dockerfile)![1]!) as string[];
    // The server's node flags are the ones npm start and the tests use (scripts/server-node-flags.mjs),
    // and it runs the compiled server npm start runs (scripts/server-build.mjs), not TypeScript through tsx.
    expect(cmd).toEqual(['node', ...SERVER_NODE_FLAGS, SERVER_ENTRY]);
    // The health check asks the readiness endpoint the load balancer asks.
    expect(dockerfile).toMatch(/HEALTHCHECK .*\/api\/ready/);
  });

  it('copies every workspace the install needs', () => {
    const workspaces = (JSON.parse(read('package.json')) as { workspaces: string[] }).workspaces;
    const copied = [...dockerfile.matchAll(/^COPY (\S+)/gm)].map((m) => m[1]!);
    for (const workspace of workspaces) expect([workspace, copied.some((c) => workspace.startsWith(c) || c.startsWith(`${workspace}/`))]).toEqual([workspace, true]);
  });
});
