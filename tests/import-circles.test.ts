/**
 * No import circle in the app's code (issue 28): the relative imports of renderer/, main/,
 * preload/, server/ and shared/ (static, re-exports and dynamic import(); type-only ones left
 * out, they vanish when compiled) form no cycle. A circle is listed as the files around it.
 */
import { existsSync, readFileSync, readdirSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { expect, it } from 'vitest';

const root = join(import.meta.dirname, '..');
const FOLDERS = ['renderer', 'main', 'preload', 'server', 'shared'];

function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return name === 'node_modules' ? [] : sources(path);
    return /\.tsx?$/.test(name) && !name.endsWith('.d.ts') ? [path] : [];
  });
}

/** The file a relative specifier names (TypeScript's resolution: the path, then .ts, .tsx, /index.ts). */
function resolveFile(from: string, spec: string): string | null {
  const base = resolve(dirname(from), spec.replace(/\.js$/, ''));
  for (const p of [base, `${base}.ts`, `${base}.tsx`, join(base, 'index.ts'), join(base, 'index.tsx')]) {
    if (existsSync(p) && statSync(p).isFile()) return p;
  }
  return null;
}

/** The relative modules a file loads at run time. */
function importsOf(file: string): string[] {
  const text = readFileSync(file, 'utf8');
  const specs = [
    // import … from '…' / export … from '…', not `import type` / `export type`
    ...[...text.matchAll(/^\s*(?:import|export)\s+(?!type\s)[^;]*?\sfrom\s+'(\.[^']+)'/gms)].map((m) => m[1]),
    // side-effect imports and dynamic import()
    ...[...text.matchAll(/^\s*import\s+'(\.[^']+)'/gm)].map((m) => m[1]),
    ...[...text.matchAll(/\bimport\(\s*'(\.[^']+)'\s*\)/g)].map((m) => m[1]),
  ];
  return specs.map((s) => resolveFile(file, s)).filter((f): f is string => f !== null && /\.tsx?$/.test(f));
}

/** Strongly connected components of more than one file (Tarjan), or a file importing itself. */
function circles(graph: Map<string, string[]>): string[][] {
  let index = 0;
  const idx = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const out: string[][] = [];
  const visit = (v: string) => {
    idx.set(v, index);
    low.set(v, index++);
    stack.push(v);
    onStack.add(v);
    for (const w of graph.get(v) ?? []) {
      if (!idx.has(w)) {
        visit(w);
        low.set(v, Math.min(low.get(v)!, low.get(w)!));
      } else if (onStack.has(w)) low.set(v, Math.min(low.get(v)!, idx.get(w)!));
    }
    if (low.get(v) === idx.get(v)) {
      const scc: string[] = [];
      let w: string;
      do {
        w = stack.pop()!;
        onStack.delete(w);
        scc.push(w);
      } while (w !== v);
      if (scc.length > 1 || (graph.get(v) ?? []).includes(v)) out.push(scc.map((f) => relative(root, f)).sort());
    }
  };
  for (const v of graph.keys()) if (!idx.has(v)) visit(v);
  return out;
}

it("the app's modules import each other in no circle", () => {
  const files = FOLDERS.flatMap((f) => sources(join(root, f)));
  const graph = new Map(files.map((f) => [f, importsOf(f)]));
  // The walk sees the imports: the renderer's entry reaches many files.
  expect(graph.get(join(root, 'renderer/lib/bridge.ts'))).toContain(join(root, 'renderer/lib/bridge-parse.ts'));
  expect(circles(graph)).toEqual([]);
});
