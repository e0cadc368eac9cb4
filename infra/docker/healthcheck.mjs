// Container healthcheck (compose and the image's HEALTHCHECK): exit 0 when GET <url> answers 2xx.
// Usage: node infra/docker/healthcheck.mjs [url]   default: http://127.0.0.1:$PORT/readyz
const url = process.argv[2] ?? `http://127.0.0.1:${process.env.PORT ?? '8080'}/readyz`;

try {
  const res = await fetch(url, { signal: AbortSignal.timeout(2000) });
  if (!res.ok) console.error(`${url} answered ${res.status}`);
  process.exit(res.ok ? 0 : 1);
} catch (err) {
  console.error(`${url} unreachable: ${err instanceof Error ? err.message : String(err)}`);
  process.exit(1);
}
