// Reading HEAD out of a smart-HTTP ref advertisement (pkt-lines), protocol v0 and v1, as far as HEAD.
import { readHead } from './ref-advertisement.js';

const pkt = (s: string) => `${(Buffer.byteLength(s) + 4).toString(16).padStart(4, '0')}${s}`;
const SERVICE = `${pkt('# service=git-upload-pack\n')}0000`;
const SHA = '9fceb02d0ae598e95dc970b74767f19372d61af8';
const head = (caps = 'multi_ack symref=HEAD:refs/heads/main agent=git/2.39.5') => pkt(`${SHA} HEAD\0${caps}\n`);
const read = (s: string) => readHead(Buffer.from(s));

describe('readHead', () => {
  it('reads HEAD and the branch its symref names, in v0 and v1 answers, with or without the service line', () => {
    const expected = { kind: 'head', sha: SHA, branch: 'main' };
    expect(read(`${SERVICE}${head()}${pkt(`${SHA} refs/heads/main\n`)}0000`)).toEqual(expected);
    expect(read(`${SERVICE}${pkt('version 1\n')}${head()}`)).toEqual(expected);
    expect(read(head())).toEqual(expected);
    expect(read(`${SERVICE}${head('multi_ack agent=x')}`)).toEqual({ kind: 'head', sha: SHA, branch: null });
    expect(read(`${SERVICE}${pkt(`${'b'.repeat(64)} HEAD\0symref=HEAD:refs/heads/trunk\n`)}`)).toEqual({ kind: 'head', sha: 'b'.repeat(64), branch: 'trunk' });
  });

  it('says incomplete until HEAD\'s line has arrived whole', () => {
    const full = `${SERVICE}${head()}`;
    for (let cut = 0; cut < full.length; cut++) expect(read(full.slice(0, cut)).kind).toBe('incomplete');
  });

  it('knows an empty repository: no ref at all, the capabilities^{} placeholder, or no HEAD', () => {
    expect(read(`${SERVICE}0000`)).toEqual({ kind: 'empty' });
    expect(read(`${SERVICE}${pkt(`${'0'.repeat(40)} capabilities^{}\0agent=x\n`)}0000`)).toEqual({ kind: 'empty' });
    expect(read(`${SERVICE}${pkt(`${SHA} refs/heads/other\0agent=x\n`)}0000`)).toEqual({ kind: 'empty' });
  });

  it('refuses what is not an upload-pack advertisement', () => {
    for (const s of ['<!doctype html><html>', `${pkt('# service=git-receive-pack\n')}0000`, `${SERVICE}${pkt('version 2\n')}`, `${SERVICE}${pkt('not a sha HEAD\n')}`, `${SERVICE}0003`]) {
      expect(read(s).kind).toBe('malformed');
    }
  });
});
