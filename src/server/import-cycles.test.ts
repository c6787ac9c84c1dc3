import fs from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

// The server's wiring has no circle (docs/decisions/006): app.ts, the composition root, imports the modules; the
// modules import the types they share from src/server/context.ts, which imports nothing of theirs. Every import
// counts here, `import type` and `export … from` included: a circle of types is still a circle of knowledge.

const SERVER = path.resolve(import.meta.dirname);

/** The server's own source files (tests and test helpers left out), as paths relative to src/server. */
function serverFiles(dir = SERVER): string[] {
  const found: string[] = [];
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) {
      if (entry.name !== 'test' && entry.name !== 'migrations') found.push(...serverFiles(full));
    } else if (entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts')) {
      found.push(path.relative(SERVER, full));
    }
  }
  return found;
}

/** The files of src/server each file imports or re-exports (relative specifiers resolved; packages and src/shared left out). */
export function importGraph(read: (file: string) => string, files: readonly string[]): Map<string, string[]> {
  const known = new Set(files);
  const graph = new Map<string, string[]>();
  for (const file of files) {
    const { importedFiles } = ts.preProcessFile(read(file), true, true);
    const targets = new Set<string>();
    for (const { fileName } of importedFiles) {
      if (!fileName.startsWith('.')) continue;
      const base = path.normalize(path.join(path.dirname(file), fileName)).replace(/\.js$/, '');
      const target = [`${base}.ts`, path.join(base, 'index.ts'), base].find((candidate) => known.has(candidate));
      if (target) targets.add(target);
    }
    graph.set(file, [...targets].sort());
  }
  return graph;
}

/** Every circle of imports, each as the path round it (first file repeated at the end); empty when there is none. */
export function findCycles(graph: ReadonlyMap<string, readonly string[]>): string[][] {
  // Tarjan's strongly connected components; each component of more than one file (or a file importing itself)
  // is a circle, shown as one path through it.
  let index = 0;
  const order = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const cycles: string[][] = [];
  const visit = (file: string) => {
    order.set(file, index);
    low.set(file, index);
    index += 1;
    stack.push(file);
    onStack.add(file);
    for (const next of graph.get(file) ?? []) {
      if (!order.has(next)) {
        visit(next);
        low.set(file, Math.min(low.get(file)!, low.get(next)!));
      } else if (onStack.has(next)) {
        low.set(file, Math.min(low.get(file)!, order.get(next)!));
      }
    }
    if (low.get(file) !== order.get(file)) return;
    const component: string[] = [];
    let member: string;
    do {
      member = stack.pop()!;
      onStack.delete(member);
      component.push(member);
    } while (member !== file);
    if (component.length > 1 || (graph.get(file) ?? []).includes(file)) cycles.push(pathRound(graph, new Set(component), file));
  };
  for (const file of graph.keys()) if (!order.has(file)) visit(file);
  return cycles;
}

/** A shortest path from `start` back to itself inside one strongly connected component. */
function pathRound(graph: ReadonlyMap<string, readonly string[]>, component: ReadonlySet<string>, start: string): string[] {
  const cameFrom = new Map<string, string>();
  const queue = [start];
  while (queue.length > 0) {
    const file = queue.shift()!;
    for (const next of graph.get(file) ?? []) {
      if (!component.has(next)) continue;
      if (next === start) {
        const route = [start];
        for (let at: string | undefined = file; at !== start && at !== undefined; at = cameFrom.get(at)) route.splice(1, 0, at);
        return [...route, start];
      }
      if (!cameFrom.has(next)) {
        cameFrom.set(next, file);
        queue.push(next);
      }
    }
  }
  return [start, start];
}

describe('the server has no import circle', () => {
  const files = serverFiles();
  const graph = importGraph((file) => fs.readFileSync(path.join(SERVER, file), 'utf8'), files);

  it('finds a circle when there is one (types and re-exports count)', () => {
    const sources: Record<string, string> = {
      'context.ts': "import type { Live } from './modules/live/live.service';",
      'modules/live/live.service.ts': "export type { ServerContext } from '../../context';",
      'app.ts': "import { createLive } from './modules/live/live.service';",
    };
    const cycles = findCycles(importGraph((file) => sources[file]!, Object.keys(sources)));
    expect(cycles).toEqual([['context.ts', 'modules/live/live.service.ts', 'context.ts']]);
    expect(findCycles(importGraph((file) => (file === 'context.ts' ? '' : sources[file]!), Object.keys(sources)))).toEqual([]);
  });

  it('reads the real tree (the composition root imports the modules)', () => {
    expect(files).toContain('context.ts');
    expect(graph.get('app.ts')).toEqual(expect.arrayContaining(['modules/live/live.service.ts', 'modules/league/league.service.ts', 'context.ts']));
  });

  it('context.ts imports nothing from the modules', () => {
    expect(graph.get('context.ts')!.filter((file) => file.startsWith('modules/') || file.startsWith('plugins/'))).toEqual([]);
  });

  it('no file of src/server imports itself back, directly or through others', () => {
    expect(findCycles(graph).map((cycle) => cycle.join(' → '))).toEqual([]);
  });
});
