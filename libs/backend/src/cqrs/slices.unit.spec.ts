// ADR 0015, checked on the source: every command slice has exactly one @CommandHandler, every query
// slice exactly one @QueryHandler, and every HTTP controller of a context reaches its handlers only
// through Dispatch (the buses). The lint rule refuses the imports; this refuses the shape.
import { describe, expect, it } from '@jest/globals';
import { existsSync, globSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');
const read = (f: string) => readFileSync(path.join(root, f), 'utf8');
const sources = (dir: string) => globSync(`${dir}/*.ts`, { cwd: root }).filter((f) => !f.endsWith('.spec.ts'));
const count = (files: string[], decorator: string) => files.reduce((n, f) => n + (read(f).match(new RegExp(`@${decorator}\\(`, 'g')) ?? []).length, 0);
const slices = (kind: 'commands' | 'queries') => globSync(`services/modules/*/src/${kind}/*/`, { cwd: root }).map((d) => d.replace(/\/$/, '')).filter((d) => existsSync(path.join(root, d)) && sources(d).length > 0); // git keeps no empty folders

describe('slices on the CQRS buses', () => {
  it('has exactly one @CommandHandler in every command slice', () => {
    const wrong = slices('commands').map((d) => [d, count(sources(d), 'CommandHandler')] as const).filter(([, n]) => n !== 1);
    expect(wrong).toEqual([]);
  });

  it('has exactly one @QueryHandler in every query slice', () => {
    const wrong = slices('queries').map((d) => [d, count(sources(d), 'QueryHandler')] as const).filter(([, n]) => n !== 1);
    expect(wrong).toEqual([]);
  });

  it('has no handler outside a slice folder, and every controller of a context dispatches', () => {
    const all = globSync('services/modules/*/src/**/*.ts', { cwd: root }).filter((f) => !f.endsWith('.spec.ts'));
    const stray = all.filter((f) => /@(Command|Query)Handler\(/.test(read(f)) && !/\/src\/(commands|queries)\/[^/]+\//.test(f));
    expect(stray).toEqual([]);
    const controllers = all.filter((f) => f.endsWith('.controller.ts'));
    expect(controllers.length).toBeGreaterThan(40);
    const notDispatching = controllers.filter((f) => !/\bDispatch\b|\bextends DispatchingController\b/.test(read(f)));
    expect(notDispatching).toEqual([]);
  });
});
