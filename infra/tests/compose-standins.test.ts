import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { DATASTORE_IMAGES, standinAptSources } from '../../scripts/lib/compose-images.ts';
import { loadCompose } from './support/compose-checks.ts';
import { parseDockerfile } from './support/dockerfile.ts';
import { REPO_ROOT } from './support/paths.ts';

const STANDINS = join(REPO_ROOT, 'infra/docker/standins');
const compose = loadCompose();

/** This machine's apt configuration, as found under /etc/apt (with two third-party entries). */
const HOST_SOURCES = [
  {
    name: '/etc/apt/sources.list.d/debian.sources',
    text: `Types: deb
# http://snapshot.debian.org/archive/debian/20250520T000000Z
URIs: http://deb.debian.org/debian
Suites: bookworm bookworm-updates
Components: main
Signed-By: /usr/share/keyrings/debian-archive-keyring.gpg

Types: deb
URIs: http://deb.debian.org/debian-security
Suites: bookworm-security
Components: main
Signed-By: /usr/share/keyrings/debian-archive-keyring.gpg
`,
  },
  { name: '/etc/apt/sources.list.d/nodesource.sources', text: 'Types: deb\nURIs: https://deb.nodesource.com/node_20.x\nSuites: nodistro\nComponents: main\n' },
  { name: '/etc/apt/sources.list.d/google-cloud-sdk.list', text: 'deb https://packages.cloud.google.com/apt cloud-sdk-bookworm main\n' },
];

describe('stand-in images (infra/docker/standins)', () => {
  it('takes the base image’s apt sources from the host’s Debian entries, leaving third-party ones out', () => {
    const sources = standinAptSources(HOST_SOURCES, 'bookworm');
    expect(sources.mirror).toBe('http://deb.debian.org/debian');
    expect(sources.security).toBe('http://deb.debian.org/debian-security');
    expect(sources.text).toContain('URIs: http://deb.debian.org/debian\nSuites: bookworm bookworm-updates\n');
    expect(sources.text).toContain('URIs: http://deb.debian.org/debian-security\nSuites: bookworm-security\n');
    expect(sources.text).not.toMatch(/nodesource|google/);
  });

  it('reads one-line sources.list entries and a local mirror, and falls back to deb.debian.org', () => {
    const oneLine = [{ name: '/etc/apt/sources.list', text: 'deb [arch=amd64] http://mirror.example.net/debian/ bookworm main\n# deb http://old.example/debian bookworm main\ndeb http://mirror.example.net/debian-security bookworm-security main\n' }];
    expect(standinAptSources(oneLine, 'bookworm')).toMatchObject({ mirror: 'http://mirror.example.net/debian', security: 'http://mirror.example.net/debian-security' });
    const disabled = [{ name: '/etc/apt/sources.list.d/debian.sources', text: 'Enabled: no\nTypes: deb\nURIs: http://elsewhere.example/debian\nSuites: bookworm\n' }];
    expect(standinAptSources(disabled, 'bookworm')).toMatchObject({ mirror: 'http://deb.debian.org/debian', security: 'http://deb.debian.org/debian-security' });
  });

  it('has a stand-in for every datastore of docker-compose.yml and for Node, each FROM the debootstrap base', () => {
    for (const name of [...DATASTORE_IMAGES.map((d) => d.name), 'node']) {
      const file = join(STANDINS, name, 'Dockerfile');
      expect(existsSync(file), file).toBe(true);
      const { args, stages } = parseDockerfile(readFileSync(file, 'utf8'));
      expect(args.BASE_IMAGE, name).toBe('wfm-standin/debian:bookworm');
      for (const stage of stages) expect(stage.from, `${name} ${stage.name}`).toBe('${BASE_IMAGE}');
    }
    expect(existsSync(join(STANDINS, 'debian-base.sh'))).toBe(true);
  });

  it('replaces exactly the images compose lets the environment replace', () => {
    for (const store of DATASTORE_IMAGES) {
      expect(compose.services[store.name]!.image, store.name).toBe(`\${${store.variable}:-${store.official}}`);
    }
  });

  it('keeps what compose relies on: the datastores’ healthcheck commands are installed in their stand-ins', () => {
    const installs = (name: string) => readFileSync(join(STANDINS, name, 'Dockerfile'), 'utf8');
    expect(compose.services.postgres!.healthcheck.test[1]).toBe('pg_isready');
    expect(installs('postgres')).toMatch(/apt-get install [^&]*postgresql-15/);
    expect(compose.services.nats!.healthcheck.test[1]).toBe('wget');
    expect(installs('nats')).toMatch(/apt-get install [^&]*nats-server[^&]* wget/);
    expect(compose.services.redis!.healthcheck.test[1]).toBe('redis-cli');
    expect(installs('redis')).toMatch(/apt-get install [^&]*redis-server/);
  });
});
