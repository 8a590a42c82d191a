import { type SignedCheckpointFile, signedCheckpointSchema } from '@academy/contracts';

/**
 * An exported checkpoint file as the Verify page reads it back: the checkpoint, or the problem in
 * words. Only its shape is checked here; the signature is the server's to check (400 fields.checkpoint).
 */
export function readCheckpointFile(text: string): { checkpoint: SignedCheckpointFile } | { problem: string } {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    return { problem: 'That file is not a checkpoint: it is not JSON' };
  }
  const parsed = signedCheckpointSchema.safeParse(json);
  return parsed.success ? { checkpoint: parsed.data } : { problem: `That file is not a checkpoint: ${parsed.error.issues[0].message}` };
}
