import { useQueryClient } from '@tanstack/react-query';
import { createContext, type ReactNode, useCallback, useContext, useEffect, useMemo, useState } from 'react';
import * as contracts from '../../shared/contracts/account.contracts';
import { can } from '../../shared/permissions';
import type { LoginBody, User } from '../../shared/schemas/account.schema';
import { onUnauthorized } from './api-client';
import { handoffAtStart, useHomeScreenHandoff } from './app-handoff';
import { callApi } from './call-api';
import { isIosBrowserTab } from './ios-browser-tab';
import { isTokenValid } from './jwt';
import { refreshPushState } from './push-state';
import { registerPushSubscription, unregisterPushSubscription } from './push-subscription';
import { ACCESS_TOKEN_KEY } from './storage-keys';

type Status = 'restoring' | 'guest' | 'authenticated';

interface Session {
  status: Status;
  user: User | null;
  login(body: LoginBody): Promise<User>;
  /** Take a session the server opened without a sign-in form (registering, a verification link). */
  adopt(token: string, user: User): void;
  /** Ends the session on the server, then locally; throws when the server cannot be reached. */
  logout(): Promise<void>;
  /** Clear the session locally, for when the server has already ended it (account deleted, signed out everywhere). */
  forget(): void;
  /** Replace the stored user (after a profile change) or token (after a password change). */
  setUser(user: User): void;
  setToken(token: string): void;
}

const SessionContext = createContext<Session | null>(null);

const storeToken = (token: string | null) =>
  token ? localStorage.setItem(ACCESS_TOKEN_KEY, token) : localStorage.removeItem(ACCESS_TOKEN_KEY);

/** Holds the signed-in user; restores it silently at start (spec section 4). */
export function SessionProvider({ children }: { children: ReactNode }) {
  const queryClient = useQueryClient();
  const [status, setStatus] = useState<Status>('restoring');
  const [user, setUserState] = useState<User | null>(null);

  const clear = useCallback(() => {
    storeToken(null);
    setUserState(null);
    setStatus('guest');
    queryClient.clear();
  }, [queryClient]);

  useEffect(() => {
    const token = localStorage.getItem(ACCESS_TOKEN_KEY);
    const signedIn = isTokenValid(token);
    const handoff = handoffAtStart(signedIn);
    let cancelled = false;
    if (!signedIn) {
      // An expired token is discarded at start.
      storeToken(null);
      if (!handoff) {
        setStatus('guest');
        return;
      }
      // The Home Screen app's first start: signed in as the page it was added from.
      void handoff.then((handedOver) => {
        if (cancelled) return;
        if (handedOver) storeToken(handedOver.accessToken);
        setUserState(handedOver?.user ?? null);
        setStatus(handedOver ? 'authenticated' : 'guest');
      });
      return () => {
        cancelled = true;
      };
    }
    callApi(contracts.getCurrentUser, {})
      .then(({ user }) => {
        if (cancelled) return;
        setUserState(user);
        setStatus('authenticated');
      })
      .catch(() => !cancelled && clear());
    return () => {
      cancelled = true;
    };
  }, [clear]);

  // Any 401 clears the session and logs out (spec section 8).
  useEffect(() => onUnauthorized(clear), [clear]);

  // After sign-in, a restored session or a verified email: register this browser for push, in the
  // background (sign-in never waits for, or fails on, push; failures are only logged). Not before
  // can() allows it: an unconfirmed address is no audience yet. Nor while an admin acts as the user
  // ("log in as"): the admin's browser must not become one of the user's devices.
  const maySubscribe = status === 'authenticated' && can(user, 'push:subscribe') && !user?.impersonatedBy;
  const userId = user?.id;
  useEffect(() => {
    if (maySubscribe && userId) void registerPushSubscription().then(refreshPushState);
  }, [maySubscribe, userId]);

  useHomeScreenHandoff(status === 'authenticated' && !user?.impersonatedBy && isIosBrowserTab());

  const value = useMemo<Session>(
    () => ({
      status,
      user,
      async login(body) {
        const result = await callApi(contracts.login, { body });
        storeToken(result.accessToken);
        setUserState(result.user);
        setStatus('authenticated');
        return result.user;
      },
      adopt(token, adopted) {
        storeToken(token);
        setUserState(adopted);
        setStatus('authenticated');
      },
      async logout() {
        // While the token still works: the server stops pushing to this browser.
        await unregisterPushSubscription();
        await callApi(contracts.logout, {});
        clear();
      },
      forget: clear,
      setUser: setUserState,
      setToken: (token) => storeToken(token),
    }),
    [status, user, clear],
  );
  return <SessionContext.Provider value={value}>{children}</SessionContext.Provider>;
}

export function useSession(): Session {
  const session = useContext(SessionContext);
  if (!session) throw new Error('useSession outside SessionProvider');
  return session;
}
