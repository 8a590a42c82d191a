/** The repository's root folder. */
export declare const root: string;
/** Replaces (or adds) the section `name` of docs/benchmarks.md with `body`. */
export declare function writeSection(name: 'stack' | 'landing' | 'append' | 'replay' | 'lag' | 'lessons' | 'commands' | 'demo' | 'audit', body: string): void;
