import { loadRemote, registerRemotes } from '@module-federation/enhanced/runtime';
import { federationManifestSchema, type FederationManifest } from '@academy/contracts';
import { setAcademyTimeZone } from '@academy/web-session';

// Where each remote lives is decided at run time by the API (GET /api/federation/manifest), so a
// remote can be redeployed or moved without rebuilding the shell.

let manifest: Promise<FederationManifest> | null = null;

function fetchManifest(fresh: boolean): Promise<FederationManifest> {
  if (!manifest || fresh) {
    const loading = fetch('/api/federation/manifest', { headers: { accept: 'application/json' }, cache: 'no-cache' }).then(async (res) => {
      if (!res.ok) throw new Error(`The list of remotes could not be fetched (HTTP ${res.status}).`);
      const parsed = federationManifestSchema.parse(await res.json());
      // Before any remote renders a due date.
      setAcademyTimeZone(parsed.academyTimeZone);
      return parsed;
    });
    // A failed fetch is not kept: the next attempt asks again.
    loading.catch(() => {
      if (manifest === loading) manifest = null;
    });
    manifest = loading;
  }
  return manifest;
}

/**
 * Loads an exposed module ("dashboard_student/Module") through the federation runtime that the
 * rspack plugin started for this page (the same instance owns the shared react, react-dom...).
 * `afterFailure`: the previous attempt failed, so read the manifest again and re-register the remote
 * with `force`, which also drops the runtime's cached manifest, entry script and module of it.
 */
export async function loadRemoteModule<T>(id: string, afterFailure: boolean): Promise<T> {
  const name = id.slice(0, id.indexOf('/'));
  const remote = (await fetchManifest(afterFailure)).remotes.find((r) => r.name === name);
  if (!remote) throw new Error(`No remote named "${name}" is deployed.`);
  // Without force, registering a known remote again is a no-op.
  registerRemotes([{ name: remote.name, entry: remote.entry }], { force: afterFailure });
  const module = await loadRemote<T>(id);
  if (!module) throw new Error(`The remote module "${id}" is empty.`);
  return module;
}
