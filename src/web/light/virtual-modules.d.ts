/** Every language's `guestFollow` texts, from common.json at build time (vite.config.ts: guestFollowTexts). */
declare module 'virtual:guest-follow-texts' {
  const texts: Record<string, import('./guest-texts').GuestTexts>;
  export default texts;
}
