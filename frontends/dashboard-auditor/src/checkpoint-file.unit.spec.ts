import { describe, expect, it } from '@jest/globals';
import { readCheckpointFile } from './checkpoint-file';

const file = { format: 'academy-checkpoint/1', position: 42, headHash: 'a'.repeat(64), at: '2026-11-24T10:00:00.000Z', keyId: 'k1', publicKey: 'cHVibGlj', signature: 'c2ln' };

describe('a checkpoint file read back on the Verify page', () => {
  it('reads an exported checkpoint as it was written (the Export button writes it with two-space indents)', () => {
    expect(readCheckpointFile(JSON.stringify(file, null, 2))).toEqual({ checkpoint: file });
  });

  it('names what is wrong with anything else', () => {
    expect(readCheckpointFile('not json')).toEqual({ problem: 'That file is not a checkpoint: it is not JSON' });
    expect(readCheckpointFile(JSON.stringify({ ...file, format: 'x' }))).toEqual({ problem: 'That file is not a checkpoint: Not a checkpoint file of this academy' });
    expect(readCheckpointFile(JSON.stringify({ ...file, headHash: 'zz' }))).toEqual({ problem: 'That file is not a checkpoint: Head hash must be 64 hex digits' });
  });
});
