// Service worker: makes the web app installable. Push display, click and delivery receipts
// arrive with the notifications issue.
self.addEventListener('install', () => self.skipWaiting());
self.addEventListener('activate', (event) => event.waitUntil(self.clients.claim()));
self.addEventListener('fetch', () => {});
