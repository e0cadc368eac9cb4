/**
 * Unknown fields, as the API server's strict field validation (kubectl's default since 1.25) refuses
 * them: the OpenAPI schemas say nothing of extra properties, so a misspelt or too-new field (say,
 * `lifecycle.preStop.sleep` before Kubernetes 1.30) would pass the JSON Schema check and be dropped
 * or refused by the cluster. The field list of every type comes from the same packages' type
 * declarations (generated from the same OpenAPI documents), read with the TypeScript compiler.
 */
import ts from 'typescript';
import type { Manifest } from './kustomize.ts';
import { REPO_ROOT } from './paths.ts';

const ROOT_FILE = `${REPO_ROOT}/infra/tests/support/__k8s_types__.ts`;

interface Checker {
  checker: ts.TypeChecker;
  /** The declared interface `I<Kind>` of apiVersion's module, or undefined. */
  typeOf(apiVersion: string, kind: string): ts.Type | undefined;
}

const checkers = new Map<string, Checker>();

const moduleOf = (pkg: string, apiVersion: string) =>
  apiVersion === 'gateway.networking.k8s.io/v1' ? '@kubernetes-models/gateway-api/gateway.networking.k8s.io/v1' : `${pkg}/${apiVersion}`;

/** One program over the declarations of every API group/version the manifests use, per package. */
function checkerFor(pkg: string, apiVersions: string[]): Checker {
  const key = `${pkg}|${apiVersions.join(',')}`;
  const known = checkers.get(key);
  if (known) return known;
  const modules = apiVersions.map((v) => moduleOf(pkg, v));
  const source = modules.map((m, i) => `import type * as m${i} from ${JSON.stringify(m)};\nexport type { m${i} };`).join('\n');
  const options: ts.CompilerOptions = {
    module: ts.ModuleKind.ESNext,
    moduleResolution: ts.ModuleResolutionKind.Bundler,
    target: ts.ScriptTarget.ES2022,
    noEmit: true,
    skipLibCheck: true,
    types: [],
  };
  const host = ts.createCompilerHost(options);
  const getSourceFile = host.getSourceFile.bind(host);
  host.getSourceFile = (file, language, ...rest) =>
    file === ROOT_FILE ? ts.createSourceFile(file, source, language) : getSourceFile(file, language, ...rest);
  const fileExists = host.fileExists.bind(host);
  host.fileExists = (file) => file === ROOT_FILE || fileExists(file);
  const program = ts.createProgram([ROOT_FILE], options, host);
  const checker = program.getTypeChecker();
  const root = program.getSourceFile(ROOT_FILE)!;
  const moduleSymbols = new Map<string, ts.Symbol | undefined>();
  for (const statement of root.statements) {
    if (ts.isImportDeclaration(statement) && ts.isStringLiteral(statement.moduleSpecifier)) {
      moduleSymbols.set(statement.moduleSpecifier.text, checker.getSymbolAtLocation(statement.moduleSpecifier));
    }
  }
  const result: Checker = {
    checker,
    typeOf(apiVersion, kind) {
      const moduleSymbol = moduleSymbols.get(moduleOf(pkg, apiVersion));
      if (!moduleSymbol) return undefined;
      let symbol = checker.getExportsOfModule(moduleSymbol).find((s) => s.name === `I${kind}`);
      if (!symbol) return undefined;
      if (symbol.flags & ts.SymbolFlags.Alias) symbol = checker.getAliasedSymbol(symbol);
      return checker.getDeclaredTypeOfSymbol(symbol);
    },
  };
  checkers.set(key, result);
  return result;
}

/** Object members of a type; undefined when it takes any key (a map) or is not an object type. */
function walk(checker: ts.TypeChecker, value: unknown, type: ts.Type, path: string, problems: string[]): void {
  if (value === null || typeof value !== 'object') return;
  const t = checker.getNonNullableType(type);
  if (Array.isArray(value)) {
    const element = checker.isArrayType(t) ? checker.getTypeArguments(t as ts.TypeReference)[0] : undefined;
    if (element) value.forEach((v, i) => walk(checker, v, element, `${path}[${i}]`, problems));
    return;
  }
  // Unions of object types (rare): the fields of any member.
  const members = t.isUnion() ? t.types.filter((m) => m.flags & ts.TypeFlags.Object) : [t];
  if (members.length === 0) return;
  if (members.some((m) => checker.getIndexInfosOfType(m).length > 0)) {
    const index = checker.getIndexInfosOfType(members[0]!)[0];
    if (index) for (const [k, v] of Object.entries(value)) walk(checker, v, index.type, `${path}.${k}`, problems);
    return;
  }
  const props = new Map<string, ts.Symbol>();
  for (const m of members) for (const p of checker.getPropertiesOfType(m)) props.set(p.name, p);
  for (const [k, v] of Object.entries(value)) {
    const prop = props.get(k);
    if (!prop) {
      problems.push(`${path}.${k}: unknown field`);
      continue;
    }
    const declaration = prop.valueDeclaration ?? prop.declarations?.[0];
    if (declaration) walk(checker, v, checker.getTypeOfSymbolAtLocation(prop, declaration), `${path}.${k}`, problems);
  }
}

/** The API group/versions the manifests use; one program per package reads all of them. */
const API_VERSIONS = ['v1', 'apps/v1', 'batch/v1', 'autoscaling/v2', 'policy/v1', 'networking.k8s.io/v1', 'gateway.networking.k8s.io/v1'];

/** Unknown fields of every object, by the declarations of `pkg` (a kubernetes-models package). */
export function unknownFields(ms: Manifest[], pkg: string): string[] {
  const apiVersions = [...new Set([...API_VERSIONS, ...ms.map((m) => String(m.apiVersion))])].sort();
  const { checker, typeOf } = checkerFor(pkg, apiVersions);
  const problems: string[] = [];
  for (const m of ms) {
    const type = typeOf(String(m.apiVersion), String(m.kind));
    const id = `${m.kind}/${m.metadata?.name}`;
    if (!type) {
      problems.push(`${id}: no type declaration for ${m.apiVersion} ${m.kind} in ${pkg}`);
      continue;
    }
    walk(checker, m, type, id, problems);
  }
  return problems;
}
