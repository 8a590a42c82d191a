// The Kubernetes manifests (issue 17 §2): `kubectl kustomize` renders the production overlay (and
// the base), every object validates against its Kubernetes schema (kubernetes-models; the
// CloudNativePG Cluster against @kubernetes-models/cloudnative-pg, generated from the operator's
// CRD), and the objects hang together: probes, replicas, HPA and PDB on the API, references that
// resolve, and each academy container's environment passing the services' own config schema.
import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { loadConfig } from '@academy/backend';
import { repoRoot } from '@academy/testing';
import { z } from 'zod';
import { parseAllDocuments } from 'yaml';

interface K8sObject {
  apiVersion: string;
  kind: string;
  metadata: { name: string; namespace?: string; labels?: Record<string, string> };
  /** What the checks below read, across the kinds (each kind has its part; the schemas check the rest). */
  spec: K8sSpec;
  data?: Record<string, string>;
}
type Labels = Record<string, string>;
interface K8sContainer {
  image: string;
  command: string[];
  readinessProbe: { httpGet: unknown };
  livenessProbe: { httpGet: unknown };
  ports: unknown[];
  securityContext: unknown;
  env?: { name: string; value?: string; valueFrom?: { secretKeyRef?: { name: string; key: string } } }[];
  envFrom?: { configMapRef?: { name: string }; secretRef?: { name: string } }[];
}
interface K8sSpec {
  replicas: number;
  instances: number;
  minReplicas: number;
  minAvailable: number;
  scaleTargetRef: unknown;
  /** A Service's labels, or a PodDisruptionBudget's { matchLabels }: read through the schemas below. */
  selector: unknown;
  template: { metadata: { labels: Labels; annotations?: Labels }; spec: { containers: K8sContainer[]; securityContext: { runAsNonRoot?: boolean } } };
  rules: { http: { paths: { backend: { service: { name: string; port: { name: string } } } }[] } }[];
  ports: { name: string; targetPort: string | number }[];
  podSelector: { matchLabels?: Labels };
  policyTypes: string[];
  ingress?: { ports?: { port: number }[]; from: { namespaceSelector?: { matchLabels: Labels } }[] }[];
}
const labelsSchema = z.record(z.string(), z.string());
const matchLabelsSchema = z.object({ matchLabels: labelsSchema });

const kubectl = spawnSync('kubectl', ['version', '--client'], { encoding: 'utf8' });
const KUBECTL_MISSING = 'kubectl is not installed (Debian: apt-get install kubernetes-client; .ci/run installs it): the Kubernetes manifests are NOT checked';

function render(dir: string): K8sObject[] {
  const r = spawnSync('kubectl', ['kustomize', path.join(repoRoot, dir)], { encoding: 'utf8' });
  if (r.status !== 0) throw new Error(`kubectl kustomize ${dir} failed: ${r.stderr}`);
  // Deprecation warnings of today's kustomize (the files keep kustomize 2.0's syntax for Debian's kubectl 1.20) are not errors.
  const errors = r.stderr.split('\n').filter((l) => l.trim() && !/^# Warning: '(bases|patchesStrategicMerge)' is deprecated/.test(l));
  expect(errors).toEqual([]);
  return parseAllDocuments(r.stdout).map((d) => d.toJS() as K8sObject);
}

/** The kubernetes-models class of an object: `kubernetes-models/<group>/<version>/<Kind>`, or the CNPG package's. */
async function modelOf(o: K8sObject): Promise<new (data: unknown) => { validate(): void }> {
  const [group, version] = o.apiVersion.includes('/') ? o.apiVersion.split('/') : ['', o.apiVersion];
  const module = group === 'postgresql.cnpg.io' ? `@kubernetes-models/cloudnative-pg/${group}/${version}/${o.kind}` : `kubernetes-models/${group ? `${group}/` : ''}${version}/${o.kind}`;
  const loaded = (await import(module)) as Record<string, new (data: unknown) => { validate(): void }>;
  const model = loaded[o.kind];
  if (!model) throw new Error(`no schema for ${o.apiVersion} ${o.kind}`);
  return model;
}

const find = (objects: K8sObject[], kind: string, name: string) => {
  const o = objects.find((x) => x.kind === kind && x.metadata.name === name);
  if (!o) throw new Error(`no ${kind} ${name} in the rendered manifests`);
  return o;
};
const matches = (selector: Record<string, string>, labels: Record<string, string> = {}) => Object.entries(selector).every(([k, v]) => labels[k] === v);

// The Secrets the manifests reference but never hold: the operator's (CloudNativePG writes <cluster>-app) and the deployment's own.
const SECRETS = {
  'academy-db-app': { uri: 'postgresql://academy:pw@academy-db-rw.academy:5432/academy' },
  'academy-secrets': { JWT_SECRET: randomBytes(48).toString('base64'), ACADEMY_MASTER_KEY: randomBytes(32).toString('base64'), SMTP_URL: 'smtps://user:pass@smtp.example.org:465' },
} as Record<string, Record<string, string>>;

if (kubectl.status !== 0) {
  // One line, not a silent skip; CI (.ci/run) installs kubectl, so there the missing tool fails the run.
  console.warn(`deploy/test/k8s: ${KUBECTL_MISSING}`);
  (process.env.CI ? it : it.skip)(KUBECTL_MISSING, () => {
    throw new Error(KUBECTL_MISSING);
  });
} else {
  describe.each(['deploy/k8s/overlays/production', 'deploy/k8s/base'])('kubectl kustomize %s', (dir) => {
    const objects = render(dir);

    it('renders objects that each validate against their Kubernetes schema, with 0 errors', async () => {
      const errors: string[] = [];
      for (const o of objects) {
        try {
          new (await modelOf(o))(o).validate();
        } catch (e) {
          errors.push(`${o.kind} ${o.metadata.name}: ${(e as Error).message}`);
        }
      }
      expect(errors).toEqual([]);
      expect(objects.length).toBeGreaterThanOrEqual(16);
    });

    it('runs ≥ 2 APIs with readiness on /api/health, liveness on /api/health/live, an HPA and a PodDisruptionBudget; ≥ 2 workers; the migration Job', () => {
      const api = find(objects, 'Deployment', 'academy-api');
      expect(api.spec.replicas).toBeGreaterThanOrEqual(2);
      const [container] = api.spec.template.spec.containers;
      expect(container.readinessProbe.httpGet).toEqual({ path: '/api/health', port: 'http' });
      expect(container.livenessProbe.httpGet).toEqual({ path: '/api/health/live', port: 'http' });
      const hpa = find(objects, 'HorizontalPodAutoscaler', 'academy-api');
      expect(hpa.spec.scaleTargetRef).toEqual({ apiVersion: 'apps/v1', kind: 'Deployment', name: 'academy-api' });
      expect(hpa.spec.minReplicas).toBeGreaterThanOrEqual(2);
      const pdb = find(objects, 'PodDisruptionBudget', 'academy-api');
      expect(matches(matchLabelsSchema.parse(pdb.spec.selector).matchLabels, api.spec.template.metadata.labels)).toBe(true);
      expect(pdb.spec.minAvailable).toBeLessThan(hpa.spec.minReplicas);

      expect(find(objects, 'Deployment', 'academy-worker').spec.replicas).toBeGreaterThanOrEqual(2);
      expect(find(objects, 'Job', 'academy-migrate').spec.template.spec.containers[0].command).toEqual(['node', 'services/worker/dist/cli/academy.js', 'migrate']);
      expect(find(objects, 'Cluster', 'academy-db').spec.instances).toBeGreaterThanOrEqual(2);
      expect(find(objects, 'StatefulSet', 'academy-redis').spec.template.spec.containers[0].image).toMatch(/^redis:/);
    });

    it('routes the Ingress to the Service of the API pods, and a NetworkPolicy denies everything else by default', () => {
      const api = find(objects, 'Deployment', 'academy-api');
      const ingress = find(objects, 'Ingress', 'academy');
      const backend = ingress.spec.rules[0].http.paths[0].backend.service;
      const service = find(objects, 'Service', backend.name);
      expect(matches(labelsSchema.parse(service.spec.selector), api.spec.template.metadata.labels)).toBe(true);
      expect(service.spec.ports.map((p) => p.name)).toContain(backend.port.name);
      const policies = objects.filter((o) => o.kind === 'NetworkPolicy');
      expect(policies.some((p) => Object.keys(p.spec.podSelector).length === 0 && p.spec.policyTypes.includes('Ingress') && !p.spec.ingress)).toBe(true);
      // Every pod that serves is let in by a policy naming its port.
      const served = (labels: Record<string, string>, port: number) =>
        policies.some((p) => matches(p.spec.podSelector.matchLabels ?? {}, labels) && p.spec.ingress?.some((r) => r.ports?.some((x) => x.port === port)));
      expect(served(api.spec.template.metadata.labels, 3000)).toBe(true);
      expect(served(find(objects, 'StatefulSet', 'academy-redis').spec.template.metadata.labels, 6379)).toBe(true);
      expect(served({ 'cnpg.io/cluster': 'academy-db' }, 5432)).toBe(true);
    });

    it('serves /metrics on the internal METRICS_PORT, announced by scrape annotations, let in from the monitoring namespace only, never through the Service', () => {
      const api = find(objects, 'Deployment', 'academy-api');
      const [container] = api.spec.template.spec.containers;
      const env = Object.fromEntries((container.env ?? []).map((e) => [e.name, e.value]));
      expect({ METRICS_PORT: env.METRICS_PORT, METRICS_HOST: env.METRICS_HOST }).toEqual({ METRICS_PORT: '9464', METRICS_HOST: '0.0.0.0' });
      expect(container.ports).toContainEqual({ name: 'metrics', containerPort: 9464 });
      expect(api.spec.template.metadata.annotations).toMatchObject({ 'prometheus.io/scrape': 'true', 'prometheus.io/port': '9464', 'prometheus.io/path': '/metrics' });
      const service = find(objects, 'Service', 'academy-api');
      expect(service.spec.ports.map((p) => p.targetPort)).not.toContain('metrics');
      const policies = objects.filter((o) => o.kind === 'NetworkPolicy' && matches(o.spec.podSelector.matchLabels ?? {}, api.spec.template.metadata.labels));
      const admitting = policies.filter((p) => p.spec.ingress?.some((r) => r.ports?.some((x) => x.port === 9464)));
      expect(admitting.map((p) => p.spec.ingress?.flatMap((r) => r.from.map((f) => f.namespaceSelector?.matchLabels)))).toEqual([[{ 'kubernetes.io/metadata.name': 'monitoring' }]]);
    });

    it("gives every academy container an environment that passes the services' config schema, from the ConfigMap and the documented Secrets", () => {
      const workloads = objects.filter((o) => ['Deployment', 'Job'].includes(o.kind));
      expect(workloads.map((w) => w.metadata.name).sort()).toEqual(['academy-api', 'academy-migrate', 'academy-worker']);
      for (const w of workloads) {
        for (const c of w.spec.template.spec.containers) {
          expect(c.securityContext).toMatchObject({ allowPrivilegeEscalation: false, readOnlyRootFilesystem: true });
          expect(w.spec.template.spec.securityContext.runAsNonRoot).toBe(true);
          const env: Record<string, string | undefined> = {};
          for (const from of c.envFrom ?? []) {
            if (from.configMapRef) Object.assign(env, find(objects, 'ConfigMap', from.configMapRef.name).data);
            else if (from.secretRef) Object.assign(env, SECRETS[from.secretRef.name] ?? expect(from.secretRef.name).toBe('a documented Secret'));
          }
          for (const e of c.env ?? []) {
            const ref = e.valueFrom?.secretKeyRef;
            env[e.name] = ref ? SECRETS[ref.name]![ref.key]! : e.value;
          }
          try {
            expect(loadConfig(env).NODE_ENV).toBe('production');
          } catch (e) {
            throw new Error(`${w.kind} ${w.metadata.name}: ${(e as Error).message}`);
          }
        }
      }
    });
  });
}
