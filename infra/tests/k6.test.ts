import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { INFRA_DIR } from './support/paths.ts';

const K6_DIR = join(INFRA_DIR, 'k6');
const scripts = readdirSync(K6_DIR).filter((f) => f.endsWith('.js'));

/** Parses a k6 script as an ES module (k6 itself cannot run here) and lists what it exports. */
function inspect(file: string) {
  const text = readFileSync(join(K6_DIR, file), 'utf8');
  const { diagnostics = [] } = ts.transpileModule(text, {
    fileName: file,
    reportDiagnostics: true,
    compilerOptions: { allowJs: true, module: ts.ModuleKind.ESNext, target: ts.ScriptTarget.ES2022 },
  });
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.ES2022, true, ts.ScriptKind.JS);
  const exported = (n: ts.Node) =>
    ts.canHaveModifiers(n) && (ts.getModifiers(n) ?? []).some((m) => m.kind === ts.SyntaxKind.ExportKeyword);
  let options: ts.ObjectLiteralExpression | undefined;
  let hasDefault = false;
  const imports: string[] = [];
  for (const st of source.statements) {
    if (ts.isImportDeclaration(st)) imports.push((st.moduleSpecifier as ts.StringLiteral).text);
    if (ts.isFunctionDeclaration(st) && exported(st)
      && (ts.getModifiers(st) ?? []).some((m) => m.kind === ts.SyntaxKind.DefaultKeyword)) hasDefault = true;
    if (ts.isExportAssignment(st) && !st.isExportEquals) hasDefault = true;
    if (ts.isVariableStatement(st) && exported(st)) {
      for (const d of st.declarationList.declarations) {
        if (ts.isIdentifier(d.name) && d.name.text === 'options' && d.initializer && ts.isObjectLiteralExpression(d.initializer)) {
          options = d.initializer;
        }
      }
    }
  }
  const optionKeys = (options?.properties ?? []).map((p) => p.name?.getText(source));
  return { diagnostics: diagnostics.map((d) => ts.flattenDiagnosticMessageText(d.messageText, '\n')), hasDefault, optionKeys, imports, text };
}

describe('k6 scripts', () => {
  it('cover feed browsing and session creation', () => {
    expect(scripts.sort()).toEqual(['feed-browsing.js', 'session-creation.js']);
  });

  it.each(scripts)('%s is a valid module exporting options (scenarios, thresholds) and a default function', (file) => {
    const s = inspect(file);
    expect(s.diagnostics).toEqual([]);
    expect(s.hasDefault).toBe(true);
    expect(s.optionKeys).toEqual(expect.arrayContaining(['scenarios', 'thresholds']));
    expect(s.imports.every((m) => m === 'k6' || m.startsWith('k6/'))).toBe(true);
    expect(s.text).toContain('__ENV.BASE_URL');
  });
});
