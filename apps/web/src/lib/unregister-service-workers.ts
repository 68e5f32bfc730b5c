/** The app uses no service worker and removes any left over from an older site (spec §2). */
export function unregisterServiceWorkers(): void {
  if (!('serviceWorker' in navigator)) return;
  navigator.serviceWorker
    .getRegistrations()
    .then((registrations) => Promise.all(registrations.map((registration) => registration.unregister())))
    .catch(() => undefined);
}
