// No React component or hook in src/ runs past 120 lines, counted from its `function X(` or `const X =`
// line to its closing brace: past that it does several things, each wanting a component or hook of its own.
// A component is a function named with a capital letter, a hook one named `use...`, in any .ts or .tsx file.
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { parseSync } from 'vite';
import { describe, expect, it } from 'vitest';

const MAX_LINES = 120;
const ROOT = join(import.meta.dirname, '../..');

interface AstNode {
  type: string;
  start: number;
  end: number;
  [key: string]: unknown;
}

function sourceFilesUnder(folder: string): string[] {
  return readdirSync(folder, { withFileTypes: true }).flatMap((entry) => {
    const path = join(folder, entry.name);
    if (entry.isDirectory()) return sourceFilesUnder(path);
    return /\.tsx?$/.test(entry.name) && !entry.name.endsWith('.d.ts') ? [path] : [];
  });
}

function isAstNode(value: unknown): value is AstNode {
  return typeof value === 'object' && value !== null && typeof (value as AstNode).type === 'string';
}

function isFunction(node: unknown): boolean {
  return isAstNode(node) && (node.type === 'ArrowFunctionExpression' || node.type === 'FunctionExpression');
}

/**
 * The name of the function a node declares, if any: a function declaration, or a `const` holding a
 * function, bare or wrapped (as in `memo(...)`).
 */
function declaredFunctionName(node: AstNode): string | undefined {
  if (node.type === 'FunctionDeclaration') return (node.id as { name?: string } | null)?.name;
  if (node.type !== 'VariableDeclaration') return undefined;
  const [declaration] = node.declarations as { id: { name?: string }; init: AstNode | null }[];
  const { init } = declaration ?? {};
  const holdsFunction = isFunction(init) || (init?.type === 'CallExpression' && (init.arguments as unknown[]).some(isFunction));
  return holdsFunction ? declaration?.id.name : undefined;
}

/** The length in lines of every component and hook in the file, named `path: name`. */
function functionLengths(path: string): { name: string; lines: number }[] {
  const text = readFileSync(path, 'utf8');
  const { program, errors } = parseSync(path, text, { lang: path.endsWith('.tsx') ? 'tsx' : 'ts' });
  if (errors.length > 0) throw new Error(`${relative(ROOT, path)}: ${errors[0]?.message}`);
  const lineOf = (offset: number) => text.slice(0, offset).split('\n').length;
  const found: { name: string; lines: number }[] = [];
  const visit = (value: unknown) => {
    if (Array.isArray(value)) return value.forEach(visit);
    if (!isAstNode(value)) return undefined;
    const name = declaredFunctionName(value);
    if (name && /^(use|[A-Z])/.test(name)) found.push({ name: `${relative(ROOT, path)}: ${name}`, lines: lineOf(value.end) - lineOf(value.start) + 1 });
    Object.values(value).forEach(visit);
    return undefined;
  };
  visit(program);
  return found;
}

describe('component and hook size', () => {
  const functions = sourceFilesUnder(join(ROOT, 'src')).flatMap(functionLengths);

  it(`keeps every React component and hook in src/ within ${MAX_LINES} lines`, () => {
    // Both kinds are found, in .tsx and .ts files alike (a count that drops says the search broke).
    expect(functions.filter(({ name }) => /: [A-Z]/.test(name)).length).toBeGreaterThan(150);
    expect(functions.filter(({ name }) => /\.ts: use/.test(name)).length).toBeGreaterThan(30);
    const tooLong = functions.filter(({ lines }) => lines > MAX_LINES);
    expect(tooLong.map(({ name, lines }) => `${name} (${lines} lines)`)).toEqual([]);
  });
});
