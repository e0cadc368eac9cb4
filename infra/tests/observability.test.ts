/**
 * The Grafana dashboard and the Prometheus alert rules name only metrics the code registers (so
 * neither can drift from the code), and the opt-in monitoring component renders with the real
 * kustomize: a ServiceMonitor, the rules and the dashboard, and a metrics port on every Service of
 * the platform.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import Fastify from 'fastify';
import { Registry } from 'prom-client';
import { SERVICES, type ServiceName } from '@wfm/contracts/shared';
import { buildGateway } from '@wfm/gateway';
import {
  createLogger,
  createMemoryBus,
  createServiceApp,
  createSql,
  processMetricsRegistry,
  registerTaskQueueMetrics,
} from '@wfm/service-kit';
import { readYamlDocuments, renderKustomization, type Manifest } from './support/kustomize.ts';
import { INFRA_DIR } from './support/paths.ts';

const OBSERVABILITY = join(INFRA_DIR, 'observability');
const DASHBOARD_FILE = join(OBSERVABILITY, 'grafana-dashboard.json');
const RULES_FILE = join(OBSERVABILITY, 'prometheus-rules.yaml');
/** Series Prometheus makes itself rather than scraping them. */
const PROMETHEUS_OWN = new Set(['up', 'scrape_duration_seconds']);

/** Every series name the platform's processes expose (histograms and summaries with their suffixes). */
async function registeredSeries(): Promise<Set<string>> {
  const logger = createLogger('metrics-inventory', 'silent');
  const bus = createMemoryBus();
  // A pool that never connects: the inventory only lists metrics, it never scrapes.
  const sql = createSql('postgres://inventory@127.0.0.1:1/none', { schema: 'inventory', max: 1 });
  const service = await createServiceApp(
    { name: 'forum', schema: 'inventory', migrationsDir: '.', routes: [] },
    { sql, bus, staffSecret: 'x'.repeat(32), visitorSecret: 'y'.repeat(32), logger },
  );
  const gateway = await buildGateway({
    serviceUrls: Object.fromEntries(SERVICES.map((s) => [s.name, 'http://127.0.0.1:1'])) as Record<ServiceName, string>,
    bus,
    staffSecret: 'x'.repeat(32),
    logger: Fastify().log,
  });
  const jobs = new Registry();
  registerTaskQueueMetrics(jobs);
  try {
    const metrics = [service.metricsRegistry, gateway.metricsRegistry, jobs, processMetricsRegistry()].flatMap((registry) =>
      registry.getMetricsAsArray().map((m) => ({ name: m.name, type: (m as unknown as { type: string }).type })),
    );
    const names = new Set<string>();
    for (const { name, type } of metrics) {
      names.add(name);
      if (type === 'histogram') for (const suffix of ['_bucket', '_sum', '_count']) names.add(name + suffix);
      if (type === 'summary') for (const suffix of ['_sum', '_count']) names.add(name + suffix);
    }
    return names;
  } finally {
    await service.close();
    await gateway.close();
    await bus.close();
    await sql.end();
  }
}

const KEYWORDS = new Set(['by', 'without', 'on', 'ignoring', 'group_left', 'group_right', 'bool', 'and', 'or', 'unless', 'offset', 'inf', 'nan']);

/**
 * The metric names a PromQL expression reads: what is left once strings, label matchers `{...}`,
 * ranges `[...]`, grouping clauses, function calls and keywords are taken out.
 */
export function metricsIn(expr: string): string[] {
  const bare = expr
    .replace(/"(?:[^"\\]|\\.)*"/g, '""')
    .replace(/\{[^}]*\}/g, ' ')
    .replace(/\[[^\]]*\]/g, ' ')
    .replace(/\b(by|without|on|ignoring|group_left|group_right)\s*\([^)]*\)/g, ' ');
  const names = new Set<string>();
  for (const match of bare.matchAll(/(?<![\w$.])([a-zA-Z_:][a-zA-Z0-9_:]*)(\s*\()?/g)) {
    const [, name, call] = match;
    if (call || KEYWORDS.has(name!)) continue;
    names.add(name!);
  }
  return [...names];
}

describe('metricsIn (PromQL metric names)', () => {
  it('finds the metrics and nothing else', () => {
    expect(
      metricsIn('histogram_quantile(0.99, sum by (service, le) (rate(http_request_duration_seconds_bucket{status_code=~"5.."}[5m]))) > 1'),
    ).toEqual(['http_request_duration_seconds_bucket']);
    expect(metricsIn('max by (consumer) (a_pending) + max by (consumer) (b_acked) > 1000')).toEqual(['a_pending', 'b_acked']);
    expect(metricsIn('sum(rate(x_total{reason="slow"}[$__rate_interval])) / ignoring(reason) y')).toEqual(['x_total', 'y']);
  });
});

describe('dashboard and alert rules', () => {
  let series: Set<string>;
  beforeAll(async () => {
    series = await registeredSeries();
  });

  const unknown = (exprs: string[]) => exprs.flatMap(metricsIn).filter((name) => !series.has(name) && !PROMETHEUS_OWN.has(name));

  it('knows the metrics of every kind of process', () => {
    for (const name of [
      'http_request_duration_seconds_bucket',
      'outbox_backlog_events',
      'outbox_oldest_event_age_seconds',
      'event_consumer_pending_messages',
      'job_queue_jobs',
      'job_failures_total',
      'gateway_websocket_clients',
      'gateway_websocket_drops_total',
      'process_resident_memory_bytes',
    ]) {
      expect(series.has(name), name).toBe(true);
    }
    expect(series.has('no_such_metric')).toBe(false);
  });

  it('Grafana dashboard: valid JSON whose every query names registered metrics', () => {
    const dashboard = JSON.parse(readFileSync(DASHBOARD_FILE, 'utf8')) as {
      uid: string;
      title: string;
      panels: Array<{ type: string; title: string; targets?: Array<{ expr: string; refId: string }> }>;
    };
    expect(dashboard.uid).toBe('wfm-platform');
    const graphs = dashboard.panels.filter((p) => p.type !== 'row');
    expect(graphs.length).toBeGreaterThan(10);
    const exprs: string[] = [];
    for (const panel of graphs) {
      expect(panel.targets?.length, panel.title).toBeGreaterThan(0);
      for (const target of panel.targets!) {
        expect(metricsIn(target.expr).length, `${panel.title}: ${target.expr}`).toBeGreaterThan(0);
        exprs.push(target.expr);
      }
    }
    expect(unknown(exprs)).toEqual([]);
    // Each of the signals the dashboard exists for has a panel.
    for (const name of ['outbox_backlog_events', 'event_consumer_pending_messages', 'job_queue_jobs', 'gateway_websocket_clients']) {
      expect(exprs.some((e) => metricsIn(e).includes(name)), name).toBe(true);
    }
  });

  it('Prometheus rules: a PrometheusRule whose every alert is complete and names registered metrics', () => {
    const [rule, ...rest] = readYamlDocuments(RULES_FILE);
    expect(rest).toEqual([]);
    expect(rule!.apiVersion).toBe('monitoring.coreos.com/v1');
    expect(rule!.kind).toBe('PrometheusRule');
    const rules = (rule!.spec.groups as Manifest[]).flatMap((g) => g.rules as Manifest[]);
    expect(rules.length).toBeGreaterThan(5);
    const names = new Set<string>();
    for (const r of rules) {
      expect(r.alert, JSON.stringify(r)).toMatch(/^Wfm[A-Za-z]+$/);
      expect(names.has(r.alert), `${r.alert} twice`).toBe(false);
      names.add(r.alert);
      expect(['warning', 'critical'], r.alert).toContain(r.labels?.severity);
      expect(typeof r.annotations?.summary, r.alert).toBe('string');
      expect(metricsIn(r.expr).length, r.alert).toBeGreaterThan(0);
      if (r.for !== undefined) expect(r.for, r.alert).toMatch(/^\d+[smh]$/);
    }
    expect(unknown(rules.map((r) => r.expr as string))).toEqual([]);
    for (const name of ['outbox_oldest_event_age_seconds', 'event_consumer_pending_messages', 'job_queue_jobs', 'job_failures_total', 'gateway_websocket_drops_total']) {
      expect(rules.some((r) => metricsIn(r.expr).includes(name)), name).toBe(true);
    }
  });

  it('would catch a renamed metric', () => {
    expect(unknown(['max by (service) (outbox_oldest_age_seconds) > 60'])).toEqual(['outbox_oldest_age_seconds']);
  });
});

describe('components/monitoring (opt-in)', () => {
  for (const overlay of ['monitoring-overlay', 'monitoring-overlay-dev']) {
    it(`renders with ${overlay === 'monitoring-overlay' ? 'the prod' : 'the dev'} overlay: ServiceMonitor, rules, dashboard, metrics ports`, () => {
      const ms = renderKustomization(join(INFRA_DIR, 'tests', 'fixtures', overlay));
      const monitor = ms.find((m) => m.kind === 'ServiceMonitor');
      expect(monitor?.metadata.namespace).toBe('wfm');
      expect(monitor?.spec.endpoints).toEqual([{ port: 'metrics', path: '/metrics', interval: '30s', honorLabels: true }]);

      const rule = ms.find((m) => m.kind === 'PrometheusRule');
      expect(rule?.spec).toEqual(readYamlDocuments(RULES_FILE)[0]!.spec);
      const dashboard = ms.find((m) => m.kind === 'ConfigMap' && m.metadata.name === 'wfm-grafana-dashboard');
      expect(dashboard?.metadata.labels.grafana_dashboard).toBe('1');
      expect(JSON.parse(dashboard!.data['wfm-platform.json'])).toEqual(JSON.parse(readFileSync(DASHBOARD_FILE, 'utf8')));

      // Every process's Service is selected and has the metrics port; datastores are not touched.
      const selected = ms.filter(
        (m) =>
          m.kind === 'Service' &&
          Object.entries(monitor!.spec.selector.matchLabels as Record<string, string>).every(([k, v]) => m.metadata.labels?.[k] === v) &&
          !(monitor!.spec.selector.matchExpressions[0].values as string[]).includes(m.metadata.labels?.['app.kubernetes.io/component']),
      );
      const processes = ms.filter((m) => m.kind === 'Deployment' && m.metadata.labels?.['app.kubernetes.io/component'] !== 'datastore');
      expect(selected.map((s) => s.metadata.name).sort()).toEqual(processes.map((d) => d.metadata.name).sort());
      for (const service of selected) {
        expect(service.spec.ports, service.metadata.name).toContainEqual({ name: 'metrics', port: 9464, targetPort: 'metrics' });
        const deployment = processes.find((d) => d.metadata.name === service.metadata.name)!;
        expect(deployment.spec.template.spec.containers[0].ports).toContainEqual({ name: 'metrics', containerPort: 9464 });
      }
      for (const other of ms.filter((m) => m.kind === 'Service' && !selected.includes(m))) {
        expect(other.spec.ports.map((p: Manifest) => p.name), other.metadata.name).not.toContain('metrics');
      }
    });
  }

  it('is opt-in: no overlay of the repository includes it', () => {
    for (const overlay of ['dev', 'prod']) {
      const [kustomization] = readYamlDocuments(join(INFRA_DIR, 'k8s', 'overlays', overlay, 'kustomization.yaml'));
      expect(JSON.stringify(kustomization), overlay).not.toContain('components/monitoring');
    }
  });
});
