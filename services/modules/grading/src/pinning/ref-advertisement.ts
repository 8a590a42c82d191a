// Git's smart-HTTP ref discovery, read as far as the commit a repository's HEAD points to (ADR 0039).
// `GET <repo>/info/refs?service=git-upload-pack` answers pkt-lines (gitprotocol-common, -http, -pack):
//
//   001e# service=git-upload-pack\n   0000              the smart-HTTP service line and a flush
//   000eversion 1\n                                     only when protocol v1 was asked for
//   <len><sha> HEAD\0<capabilities>\n                   HEAD first; symref=HEAD:refs/heads/<default>
//   <len><sha> refs/heads/main\n …  0000                every other ref (can run to megabytes)
//
// HEAD is the first ref advertised, so its line is all that is read: the rest of the answer is not
// downloaded. A repository with no commit advertises no ref at all (a flush), or the zero id with
// `capabilities^{}`.
// Plain TS, no I/O.

/** The media type of a smart-HTTP answer; a dumb server or a web page answers something else. */
export const ADVERTISEMENT_TYPE = 'application/x-git-upload-pack-advertisement';

export type HeadRead =
  /** HEAD's commit (40 hex digits, or 64 in a SHA-256 repository) and the branch it names, if it said. */
  | { kind: 'head'; sha: string; branch: string | null }
  /** The repository has no commit on its default branch (new and empty, or HEAD names no branch that exists). */
  | { kind: 'empty' }
  /** Not git's smart-HTTP ref advertisement. */
  | { kind: 'malformed'; detail: string }
  /** The bytes so far end before HEAD's line does: read on. */
  | { kind: 'incomplete' };

const ZERO_ID = /^0+$/;
const OBJECT_ID = /^(?:[0-9a-f]{40}|[0-9a-f]{64})$/;

/** The pkt-lines of `bytes` that are complete, and whether a malformed length was met. */
function* pktLines(bytes: Buffer): Generator<{ flush: true } | { flush: false; payload: string } | { error: string }> {
  let at = 0;
  while (at + 4 <= bytes.length) {
    const hex = bytes.subarray(at, at + 4).toString('latin1');
    if (!/^[0-9a-f]{4}$/.test(hex)) return yield { error: `not a pkt-line length: ${JSON.stringify(hex)}` };
    const length = parseInt(hex, 16);
    if (length === 0) {
      at += 4;
      yield { flush: true };
      continue;
    }
    if (length < 4) return yield { error: `a pkt-line of length ${length} where refs are advertised` };
    if (at + length > bytes.length) return;
    yield { flush: false, payload: bytes.subarray(at + 4, at + length).toString('utf8') };
    at += length;
  }
}

/** Reads HEAD's line out of the start of a ref advertisement (protocol v0 or v1; the rest is ignored). */
export function readHead(bytes: Buffer): HeadRead {
  // The service line's own flush is skipped; any other flush before a ref ends an advertisement of
  // nothing (what git answers for a repository without commits, besides the capabilities^{} form).
  let serviceFlushPending = false;
  for (const pkt of pktLines(bytes)) {
    if ('error' in pkt) return { kind: 'malformed', detail: pkt.error };
    if (pkt.flush) {
      if (!serviceFlushPending) return { kind: 'empty' };
      serviceFlushPending = false;
      continue;
    }
    const line = pkt.payload.replace(/\n$/, '');
    if (line.startsWith('# service=')) {
      if (line !== '# service=git-upload-pack') return { kind: 'malformed', detail: `service ${line.slice(10)}` };
      serviceFlushPending = true;
      continue;
    }
    if (line === 'version 1') continue;
    if (line.startsWith('version ')) return { kind: 'malformed', detail: `protocol ${line.slice(8)} was not asked for` };
    return firstRef(line);
  }
  return { kind: 'incomplete' };
}

/** The first ref line: HEAD with its capabilities, or the empty repository's placeholder, or no HEAD. */
function firstRef(line: string): HeadRead {
  const [ref, capabilities = ''] = line.split('\0');
  const [sha = '', name = ''] = (ref ?? '').split(' ');
  if (!OBJECT_ID.test(sha)) return { kind: 'malformed', detail: 'a ref line without an object id' };
  if (ZERO_ID.test(sha) && name === 'capabilities^{}') return { kind: 'empty' };
  // HEAD is advertised first when it points to a commit; otherwise (HEAD names a branch that does not exist) the default branch has none.
  if (name !== 'HEAD') return { kind: 'empty' };
  const symref = capabilities.split(' ').find((c) => c.startsWith('symref=HEAD:'));
  const branch = symref?.slice('symref=HEAD:'.length).replace(/^refs\/heads\//, '') ?? null;
  return { kind: 'head', sha, branch };
}
