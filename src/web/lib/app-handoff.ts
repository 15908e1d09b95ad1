import { useEffect } from 'react';
import * as contracts from '../../shared/contracts/account.contracts';
import type { User } from '../../shared/schemas/account.schema';
import { callApi, contractUrl } from './call-api';

/** The search parameter the installed app starts with (the manifest's start_url). */
const HANDOFF_PARAM = 'handoff';
const STATIC_MANIFEST = '/manifest.webmanifest';
/** Well inside the server's 60 minutes, so the manifest Safari reads always holds a live code. */
const REMINT_MS = 30 * 60_000;

/**
 * The hand-off code this page was started with, taken out of the address bar (and so out of
 * history, bookmarks and page views) at once.
 */
function takeHandoffParam(): string | null {
  const url = new URL(window.location.href);
  const code = url.searchParams.get(HANDOFF_PARAM);
  if (code === null) return null;
  url.searchParams.delete(HANDOFF_PARAM);
  window.history.replaceState(window.history.state, '', `${url.pathname}${url.search}${url.hash}`);
  return code || null;
}

type HandedOver = { accessToken: string; user: User } | null;
let startHandoff: Promise<HandedOver> | null | undefined;

/**
 * The installed app's first start: its own session from the code in its start_url, or null when the
 * code is spent or absent, or when this app is signed in already (the code is then left unused).
 * Exchanged once per page load, whoever asks (a code works only once).
 */
export function handoffAtStart(signedIn: boolean): Promise<HandedOver> | null {
  if (startHandoff === undefined) {
    const code = takeHandoffParam();
    startHandoff =
      code && !signedIn
        ? callApi(contracts.takeAppHandoff, { body: { code } }).catch(
            // Used, expired or its session ended: the app starts signed out, at the sign-in page.
            () => null,
          )
        : null;
  }
  return startHandoff;
}

const manifestLink = () => document.querySelector<HTMLLinkElement>('link[rel="manifest"]');

/**
 * While `active` (signed in, on an iPhone's Safari, not acting as someone): the page's manifest is
 * one whose start_url carries a fresh hand-off code, so the app added to the Home Screen from here
 * opens signed in as this person instead of at the sign-in page.
 */
export function useHomeScreenHandoff(active: boolean) {
  useEffect(() => {
    const link = manifestLink();
    if (!active || !link) return;
    let stopped = false;
    const mint = () =>
      callApi(contracts.startAppHandoff, {})
        .then(({ code }) => {
          if (!stopped) link.href = contractUrl(contracts.getAppManifest, undefined, { handoff: code });
        })
        // Without a code the app still installs; it opens at the sign-in page.
        .catch(() => undefined);
    void mint();
    const timer = window.setInterval(() => void mint(), REMINT_MS);
    return () => {
      stopped = true;
      window.clearInterval(timer);
      link.href = STATIC_MANIFEST;
    };
  }, [active]);
}
