import { createContext, useCallback, useContext, useEffect, useMemo, useSyncExternalStore, type ReactNode } from 'react';
import { useNavigate } from 'react-router-dom';
import type { SessionClient } from './session-client';

// This module is a Module Federation singleton: the context below is the one object the shell's
// provider and every remote's useSession share.
const SessionContext = createContext<SessionClient | null>(null);

export function SessionProvider({ client, children }: { client: SessionClient; children: ReactNode }) {
  return <SessionContext.Provider value={client}>{children}</SessionContext.Provider>;
}

export function useSessionClient(): SessionClient {
  const client = useContext(SessionContext);
  if (!client) throw new Error('useSession must be used within a SessionProvider.');
  return client;
}

/**
 * The session's state and actions. signOut clears everything and goes to / (spec §4). The first
 * screen that asks for the session restores it from the refresh cookie: public pages that never ask
 * (the landing page) make no auth request at all.
 */
export function useSession() {
  const client = useSessionClient();
  useEffect(() => {
    void client.start();
  }, [client]);
  const state = useSyncExternalStore(client.subscribe, client.getState, client.getState);
  const navigate = useNavigate();
  const signOut = useCallback(async () => {
    await client.signOut();
    navigate('/', { replace: true });
  }, [client, navigate]);
  return useMemo(
    () => ({
      ...state,
      signIn: client.signIn.bind(client),
      signUp: client.signUp.bind(client),
      verifyEmail: client.verifyEmail.bind(client),
      completeProfile: client.completeProfile.bind(client),
      fetch: client.fetch.bind(client),
      signOut,
    }),
    [state, client, signOut],
  );
}
